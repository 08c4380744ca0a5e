import { z } from 'zod';
import { MSG } from '../rules/messages.ts';
import { STATE_CODE_VALUES } from '../rules/stateCodes.ts';
import { email, text, uuid } from '../schemas/fields.ts';
import { BILLING_MSG } from './text.ts';

/** 2 digits, 5 letters, 4 digits, 1 letter, 1 alphanumeric not 0, Z, 1 alphanumeric (spec 002 §5). */
export const GST_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
/** 5 letters, 4 digits, 1 letter. */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** An optional code: absent, null and '' are all "none" and become null (the web form sends null). */
const optionalPattern = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .max(20, message)
    .refine((v) => v === '' || pattern.test(v), message)
    .nullish()
    .transform((v) => (v ? v : null));

/** Billing details as sent (spec field names, including biling_address). */
export const billingBody = z.object({
  team_id: uuid(),
  company_name: text(),
  biling_address: text(500),
  contact_email: email(),
  alternate_email: email(),
  contact_person: text(),
  state_code: z.enum(STATE_CODE_VALUES, { error: MSG.required }),
  gst_no: optionalPattern(GST_PATTERN, BILLING_MSG.invalidGst),
  pan_number: optionalPattern(PAN_PATTERN, BILLING_MSG.invalidPan),
});
export type BillingBody = z.infer<typeof billingBody>;

/** Billing details as read back (pan_no, place_of_supply). */
export const billingDetail = z.object({
  billing_db_id: z.string(),
  organisation_db_id: z.string(),
  company_name: z.string(),
  biling_address: z.string(),
  contact_email: z.string(),
  alternate_email: z.string(),
  contact_person: z.string(),
  gst_no: z.string().nullable(),
  pan_no: z.string().nullable(),
  place_of_supply: z.string(),
});
export type BillingDetail = z.infer<typeof billingDetail>;

/**
 * The team of a billing read is named by team_id (its database id, docs/decisions/0005-teams-permissions-plans.md); team_db_id,
 * which the web client adds to every call, is accepted in its place.
 */
export const billingQuery = z
  .object({ team_id: uuid().optional(), team_db_id: uuid().optional() })
  .refine((q) => Boolean(q.team_id ?? q.team_db_id), { message: MSG.required, path: ['team_id'] });

export const billingFiltersQuery = z.object({ filter_type: z.literal('state_codes') });
