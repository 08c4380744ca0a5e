/**
 * The billing calls' paths (spec 002 §7 Billing). Apart from the route map so that `API.billing`
 * (api.ts, in every page's first load) can point here without bringing the map's schemas along.
 */
export const BILLING_API = {
  /** GET read, POST create, PUT update */
  root: '/api/billing',
  filters: '/api/billing/filters',
} as const;
