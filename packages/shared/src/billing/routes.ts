import { z } from 'zod';
import { defineRoutes } from '../routes/define.ts';
import { BILLING_API } from './paths.ts';
import { billingBody, billingDetail, billingFiltersQuery, billingQuery } from './schemas.ts';

const billingSaved = z.object({ message: z.string(), billing: billingDetail });

/** Billing details of a team (spec 002 §7 Billing). */
export const billingRoutes = defineRoutes('billing', {
  get: {
    method: 'GET',
    path: BILLING_API.root,
    query: billingQuery,
    response: z.object({ billing: billingDetail.nullable() }),
    policy: 'teams.canView',
  },
  create: {
    method: 'POST',
    path: BILLING_API.root,
    body: billingBody,
    response: billingSaved,
    policy: 'teams.canManageBilling',
  },
  update: {
    method: 'PUT',
    path: BILLING_API.root,
    body: billingBody,
    response: billingSaved,
    policy: 'teams.canManageBilling',
  },
  filters: {
    method: 'GET',
    path: BILLING_API.filters,
    query: billingFiltersQuery,
    response: z.object({ state_codes: z.array(z.object({ code: z.string(), name: z.string() })) }),
    policy: 'self',
  },
});
