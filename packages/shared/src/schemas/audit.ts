import { z } from 'zod';
import { MSG, addProductMessages } from '../rules/messages.ts';
import { AUDIT_ACTION_NAMES, AUDIT_TEXT } from '../rules/auditText.ts';
import { uuid } from './fields.ts';
import { API } from '../api.ts';

/** The audit log's paths (api.ts): a team admin's list and CSV export; a person's own account activity. */
export const AUDIT_API = API.audit;

// The one text the audit routes answer besides the shared ones.
addProductMessages([AUDIT_TEXT.badRange]);

export const AUDIT_PAGE = 50;
export const AUDIT_PAGE_MAX = 100;

const instant = z.iso.datetime({ offset: true, error: MSG.invalidValue });

const filters = {
  team_db_id: uuid(),
  /** only what this person did */
  actor_db_id: uuid().optional(),
  action: z.enum(AUDIT_ACTION_NAMES as [string, ...string[]], { error: MSG.invalidValue }).optional(),
  /** entries at or after this instant */
  from: instant.optional(),
  /** entries before this instant */
  to: instant.optional(),
};

const rangeOk = (v: { from?: string; to?: string }) =>
  !v.from || !v.to || Date.parse(v.from) < Date.parse(v.to);
const rangeError = { message: AUDIT_TEXT.badRange, path: ['to'] };

const pageSize = z.coerce
  .number({ error: MSG.invalidValue })
  .int(MSG.invalidValue)
  .min(1, MSG.invalidValue)
  .max(AUDIT_PAGE_MAX, MSG.invalidValue)
  .default(AUDIT_PAGE);

export const auditListQuery = z
  .object({
    ...filters,
    entries_per_page: pageSize,
    page_no: z.coerce
      .number({ error: MSG.invalidValue })
      .int(MSG.invalidValue)
      .min(1, MSG.invalidValue)
      .default(1),
    cursor: z.string().max(300).optional(),
  })
  .refine(rangeOk, rangeError);
export type AuditListQuery = z.input<typeof auditListQuery>;

export const auditExportQuery = z.object(filters).refine(rangeOk, rangeError);
export type AuditExportQuery = z.input<typeof auditExportQuery>;

export const auditMineQuery = z.object({
  entries_per_page: pageSize,
  cursor: z.string().max(300).optional(),
});

export const auditEntry = z.object({
  entry_db_id: z.string(),
  created_on: z.string(),
  action: z.string(),
  actor: z.object({
    user_db_id: z.string().nullable(),
    name: z.string(),
    /** 'session' | 'token' | 'share_link' | 'system' */
    kind: z.string(),
  }),
  target: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }).nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** a short browser name for the user agent ('Chrome', 'curl'…) */
  browser: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditEntryList = z.object({
  entries: z.array(auditEntry),
  /** exact up to 10,000; 10,001 means more */
  total_entries: z.number(),
  next_cursor: z.string().nullable(),
  retention_days: z.number(),
});
export type AuditEntryList = z.infer<typeof auditEntryList>;

/** The most a count says exactly (then 10,001: "more than 10,000"), like search's. */
export const AUDIT_COUNT_CAP = 10_000;
