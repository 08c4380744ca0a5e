import { z } from 'zod';
import { MAX_RENEWAL_MONTHS, DEFAULT_RENEWAL_MONTHS } from '../rules/pricing.ts';
import { SHARE_MESSAGES } from '../rules/sharing.ts';
import { uuid } from './fields.ts';

/** The selected team (the web client adds team_db_id to every call). */
export const subscriptionQuery = z.object({ team_db_id: uuid() });

/** A plan of the catalogue as the upgrade list shows it (spec 002 §3 availablePlans). */
export const availablePlan = z.object({
  subscription_db_id: z.string(),
  title: z.string(),
  amount: z.number(),
  is_enterprise: z.boolean(),
  is_free: z.boolean(),
  is_team_plan: z.boolean(),
  storage: z.number(),
  amount_per_gb_storage: z.number(),
  storage_size_addition_step: z.number(),
  is_current: z.boolean(),
});
export type AvailablePlan = z.infer<typeof availablePlan>;

const limit = z.union([z.number(), z.literal(false)]);

/** One plan's details (spec 002 §7 'current plan details GET by subscription_db_id'). */
export const planDetails = availablePlan.extend({
  project_limit: limit,
  no_of_concurrent_systems: limit,
  team_limit: limit,
  collaborators_limit: limit,
  machine_hour_limit: limit,
});
export type PlanDetails = z.infer<typeof planDetails>;

/** Storage of the team (spec 002 §3 storage_detail); sizes in GB. */
export const storageDetail = z.object({
  amount_per_gb_storage: z.number(),
  /** Monthly price of the add-on storage bought, PSC. */
  storage_amount: z.number(),
  storage_size_addition_step: z.number(),
  storage_added: z.number(),
  total_storage: z.number(),
  used_storage: z.number(),
});
export type StorageDetail = z.infer<typeof storageDetail>;

/** The team's subscription (spec 002 §3 Subscription state). Dates are ISO strings. */
export const subscriptionState = z.object({
  plan_detail: z.object({
    title: z.string(),
    subscription_amount: z.number(),
    subscription_db_id: z.string(),
    storage_size: z.number(),
    is_free: z.boolean(),
    is_enterprise: z.boolean(),
    is_team_plan: z.boolean(),
  }),
  storage_detail: storageDetail,
  credits: z.object({ credits_available: z.number().nullable() }),
  renewal: z.object({ renewal_date: z.string().nullable() }),
  is_subscription_upgrade_in_progress: z.boolean(),
  /** Seconds the pending upgrade may still take. */
  waiting_time: z.number(),
  /** Whether paying by payment (not only credits) is available. */
  payments_available: z.boolean(),
});
export type SubscriptionState = z.infer<typeof subscriptionState>;

/** A request key: the same key sent twice applies once (a retried click, a double submit). */
const idempotencyKey = z.string().min(8).max(100).optional();

export const upgradeBody = z.object({
  team_db_id: uuid(),
  subscription_db_id: z.string().min(1).max(40),
  credits_used: z.boolean().default(false),
  idempotency_key: idempotencyKey,
});
export const renewBody = z.object({
  team_db_id: uuid(),
  subscription_db_id: z.string().min(1).max(40),
  months: z.coerce
    .number({ error: SHARE_MESSAGES.enterNumbersOnly })
    .int(SHARE_MESSAGES.enterNumbersOnly)
    .min(1)
    .max(MAX_RENEWAL_MONTHS)
    .default(DEFAULT_RENEWAL_MONTHS),
  credits_used: z.boolean().default(false),
  idempotency_key: idempotencyKey,
});
export const addStorageBody = z.object({
  team_db_id: uuid(),
  storage_size: z.coerce
    .number({ error: SHARE_MESSAGES.enterNumbersOnly })
    .int(SHARE_MESSAGES.enterNumbersOnly)
    .min(1),
  credits_used: z.boolean().default(false),
  idempotency_key: idempotencyKey,
});
export const planDetailsQuery = z.object({
  team_db_id: uuid(),
  subscription_db_id: z.string().min(1).max(40),
});

/** The answer of a purchase: done (credits) or a checkout to complete (payment). */
export const purchaseAnswer = z.object({
  message: z.string(),
  /** Set when paying by payment: where the browser completes it. */
  checkout_url: z.string().nullable(),
  payment_id: z.string().nullable(),
  amount: z.number(),
});
export type PurchaseAnswer = z.infer<typeof purchaseAnswer>;

// ---- statistics (spec 002 §7 Statistics) ----

/** Date range of a statistics call (yyyy-mm-dd, inclusive); defaults to the last 30 days. */
export const statisticsQuery = z.object({
  team_db_id: uuid(),
  start_date: z.iso.date().optional(),
  end_date: z.iso.date().optional(),
});
export const projectStorageRow = z.object({
  project_db_id: z.string(),
  title: z.string(),
  storage_used: z.number(),
  total_assets: z.number(),
});
export const fileStorageRow = z.object({
  file_type: z.string(),
  storage_used: z.number(),
  files: z.number(),
});
export const projectCloudUsageRow = z.object({
  project_db_id: z.string().nullable(),
  title: z.string(),
  hours: z.number(),
  psc: z.number(),
});
export const activityCloudUsageRow = z.object({
  date: z.string(),
  hours: z.number(),
  psc: z.number(),
  sessions: z.number(),
});
const dataOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row) });
export const projectStorageAnswer = dataOf(projectStorageRow);
export const fileStorageAnswer = dataOf(fileStorageRow);
export const projectCloudUsageAnswer = dataOf(projectCloudUsageRow);
export const activityCloudUsageAnswer = dataOf(activityCloudUsageRow);
export type ProjectStorageRow = z.infer<typeof projectStorageRow>;
export type FileStorageRow = z.infer<typeof fileStorageRow>;
export type ProjectCloudUsageRow = z.infer<typeof projectCloudUsageRow>;
export type ActivityCloudUsageRow = z.infer<typeof activityCloudUsageRow>;
