import { z } from 'zod';
import {
  AUDIT_API,
  auditEntryList,
  auditExportQuery,
  auditListQuery,
  auditMineQuery,
} from '../schemas/audit.ts';
import { defineRoutes } from './define.ts';

/**
 * The audit log: a team's admins read and export the team's entries; everyone reads their own
 * account's. Nothing edits or deletes an entry (no such route; the table's trigger refuses it).
 */
export const auditRoutes = defineRoutes('audit', {
  list: {
    method: 'GET',
    path: AUDIT_API.list,
    query: auditListQuery,
    response: auditEntryList,
    policy: 'audit.canReadTeamLog',
  },
  /** A text/csv file; `response` documents the JSON refusal. */
  export: {
    method: 'GET',
    path: AUDIT_API.export,
    query: auditExportQuery,
    response: z.null(),
    policy: 'audit.canReadTeamLog',
    raw: true,
  },
  mine: {
    method: 'GET',
    path: AUDIT_API.mine,
    query: auditMineQuery,
    response: auditEntryList,
    policy: 'self',
  },
});
