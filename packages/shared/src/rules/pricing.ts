/**
 * Subscription prices and prorating (spec 002 §5, §9; decided in docs/decisions/0021-credits-and-plans.md).
 * Money is whole paise (1 PSC = 1 rupee = 100 paise); plan amounts are rupees per month.
 * - A month is 30 days; prorated charges run by whole UTC days to the renewal date.
 * - Add-on storage costs 100 × amount_per_gb_storage PSC per month per step of
 *   storage_size_addition_step GB.
 * - Renewal buys whole months (default 1) of the plan and its add-on storage.
 */
export const PRORATE_MONTH_DAYS = 30;
export const DEFAULT_RENEWAL_MONTHS = 1;
export const MAX_RENEWAL_MONTHS = 12;
const DAY_MS = 86_400_000;

export const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);
export const paiseToRupees = (paise: number) => paise / 100;

/** UTC midnight of the day `d` falls on. */
export const utcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** Whole days from today (UTC) to the renewal date's day; 0 on or after it. */
export function daysToRenewal(renewalDate: Date | null, now: Date): number {
  if (!renewalDate) return 0;
  const days = Math.round((utcDay(renewalDate).getTime() - utcDay(now).getTime()) / DAY_MS);
  return Math.max(0, days);
}

/**
 * Days a prorated charge covers: the days left to the renewal date; on the renewal day or after it
 * (a cycle that starts today) a whole month.
 */
export function chargeableDays(renewalDate: Date | null, now: Date): number {
  const days = daysToRenewal(renewalDate, now);
  return days === 0 ? PRORATE_MONTH_DAYS : days;
}

/** A monthly price (paise) for `days` days of a 30-day month, rounded to the paisa. */
export const prorate = (monthlyPaise: number, days: number) =>
  Math.round((monthlyPaise * days) / PRORATE_MONTH_DAYS);

/** The renewal date of a cycle that starts today: 30 days from today (UTC midnight). */
export const nextRenewal = (now: Date, months = 1) =>
  new Date(utcDay(now).getTime() + months * PRORATE_MONTH_DAYS * DAY_MS);

/** Monthly price of one storage step: 100 × amount_per_gb_storage PSC (spec 002 §9), in paise. */
export const storageStepMonthlyPaise = (amountPerGb: number) => rupeesToPaise(100 * amountPerGb);

export interface PlanPrice {
  amount: number;
  is_free: boolean;
}

/**
 * An upgrade: from a paid plan whose cycle runs, the price difference for the days to the renewal
 * date (renewal date kept); from Free, or from a lapsed cycle, the new plan's month with a new cycle.
 */
export function upgradeQuote(
  from: PlanPrice,
  to: PlanPrice,
  renewalDate: Date | null,
  now: Date,
): { amountPaise: number; renewalDate: Date; days: number } {
  const days = daysToRenewal(renewalDate, now);
  if (from.is_free || !renewalDate || days === 0) {
    return {
      amountPaise: rupeesToPaise(to.amount),
      renewalDate: nextRenewal(now),
      days: PRORATE_MONTH_DAYS,
    };
  }
  const diff = rupeesToPaise(to.amount) - rupeesToPaise(from.amount);
  return { amountPaise: Math.max(0, prorate(diff, days)), renewalDate: utcDay(renewalDate), days };
}

/**
 * A renewal of `months` months: the plan and its add-on storage for each month; the renewal date
 * moves by 30 days a month from itself (or from today when it has passed).
 */
export function renewalQuote(
  plan: PlanPrice & { amount_per_gb_storage: number; storage_size_addition_step: number },
  storageAddedGb: number,
  months: number,
  renewalDate: Date | null,
  now: Date,
): { amountPaise: number; renewalDate: Date } {
  const steps = plan.storage_size_addition_step > 0 ? storageAddedGb / plan.storage_size_addition_step : 0;
  const monthly =
    rupeesToPaise(plan.amount) + Math.round(steps * storageStepMonthlyPaise(plan.amount_per_gb_storage));
  const from = renewalDate && daysToRenewal(renewalDate, now) > 0 ? utcDay(renewalDate) : utcDay(now);
  return { amountPaise: monthly * months, renewalDate: nextRenewal(from, months) };
}

/** Add-on storage: `gb` (a multiple of the step) for the days to the renewal date. */
export function storageQuote(
  plan: { amount_per_gb_storage: number; storage_size_addition_step: number },
  gb: number,
  renewalDate: Date | null,
  now: Date,
): { amountPaise: number; days: number; steps: number } {
  const step = plan.storage_size_addition_step;
  const steps = step > 0 ? gb / step : 0;
  const days = chargeableDays(renewalDate, now);
  return {
    amountPaise: prorate(steps * storageStepMonthlyPaise(plan.amount_per_gb_storage), days),
    days,
    steps,
  };
}

/** The storage field's rule (spec 002 §5): not below 0, in whole steps. */
export const isValidStorageAddition = (gb: number, step: number) =>
  Number.isInteger(gb) && gb > 0 && step > 0 && gb % step === 0;
