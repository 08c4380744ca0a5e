import { randomUUID } from 'node:crypto';
import {
  MSG,
  PLANS,
  isValidStorageAddition,
  paiseToRupees,
  renewalQuote,
  storageQuote,
  storageStepMonthlyPaise,
  upgradeQuote,
  type AvailablePlan,
  type PlanDetails,
  type PurchaseAnswer,
  type StorageDetail,
  type SubscriptionState,
} from '@rushes/shared';
import type { Tx } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/errors.ts';
import {
  GIB,
  applyPurchase,
  findPlan,
  insertPurchase,
  listPlans,
  lockSubscription,
  markUpgradePending,
  purchaseByKey,
  setPurchasePayment,
  teamUsage,
  type Purpose,
  type PurchaseRow,
} from '../plans/index.ts';
import type { TeamAccess } from '../teams/index.ts';
import {
  creditsAvailable,
  paymentsAvailable,
  spendFromCredits,
  startPayment,
} from './subscriptions.money.ts';
import './subscriptions.events.ts';

type PlanRow = Awaited<ReturnType<typeof findPlan>>;

const flag = (v: number | null) => (v === null ? false : v);
const gb = (bytes: number) => Math.round((bytes / GIB) * 100) / 100;

function presentPlan(p: PlanRow, currentCode: string): AvailablePlan {
  return {
    subscription_db_id: p.code,
    title: p.title,
    amount: p.amount,
    is_enterprise: p.isEnterprise,
    is_free: p.isFree,
    is_team_plan: p.isTeamPlan,
    storage: p.storageGb,
    amount_per_gb_storage: p.amountPerGbStorage,
    storage_size_addition_step: p.storageStepGb,
    is_current: p.code === currentCode,
  };
}

const pricing = (p: PlanRow) => ({
  amount: p.amount,
  is_free: p.isFree,
  amount_per_gb_storage: p.amountPerGbStorage,
  storage_size_addition_step: p.storageStepGb,
});

/** What one purchase buys, decided under the team lock from the locked state. */
interface Quote {
  purpose: Purpose;
  amountPaise: number;
  reason: string;
  planCode?: string;
  months?: number;
  storageGb?: number;
  renewalDate?: Date | null;
  message: string;
}

type Locked = NonNullable<Awaited<ReturnType<typeof lockSubscription>>>;

/** The checkout and invoice line of a purchase. */
function descriptionOf(p: PurchaseRow): string {
  if (p.purpose === 'plan_upgrade') {
    return `Plan upgrade to ${PLANS.find((x) => x.code === p.planCode)?.title ?? p.planCode ?? ''}`;
  }
  if (p.purpose === 'renewal')
    return `Subscription renewal for ${p.months ?? 1} month${p.months === 1 ? '' : 's'}`;
  return `Add-on storage ${p.storageGb ?? 0} GB`;
}

export function createSubscriptionsService(ctx: AppContext) {
  const { db, events } = ctx;

  async function storageDetail(teamId: string, plan: PlanRow): Promise<StorageDetail> {
    const usage = await teamUsage(db, teamId);
    const steps = plan.storageStepGb > 0 ? usage.storageAddedGb / plan.storageStepGb : 0;
    return {
      amount_per_gb_storage: plan.amountPerGbStorage,
      storage_amount: paiseToRupees(Math.round(steps * storageStepMonthlyPaise(plan.amountPerGbStorage))),
      storage_size_addition_step: plan.storageStepGb,
      storage_added: usage.storageAddedGb,
      total_storage: plan.storageGb + usage.storageAddedGb,
      used_storage: gb(usage.storageUsedBytes),
    };
  }

  /**
   * One purchase, paid with credits or by a payment. Under the team row lock: a request key seen
   * before answers what it did the first time; otherwise the quote is made from the locked state,
   * recorded, then paid (credits: spent and applied now; payment: an order whose payments.paid
   * applies it).
   */
  async function buy(
    userId: string,
    teamId: string,
    creditsUsed: boolean,
    requestKey: string | undefined,
    quoteOf: (locked: Locked, tx: Tx) => Quote | Promise<Quote>,
  ): Promise<PurchaseAnswer> {
    // Who may buy (the team's admins) is the routes' policy, checked before the handler.
    const key = `subscription:${teamId}:${requestKey ?? randomUUID()}`;
    const outcome = await events.transaction(db, async (tx: Tx, emit) => {
      const locked = await lockSubscription(tx, teamId);
      if (!locked) throw badRequest(MSG.noTeamAccess);
      const seen = await purchaseByKey(tx, key);
      if (seen) return { purchase: seen, answer: null };
      const q = await quoteOf(locked, tx);
      const byCredits = creditsUsed || q.amountPaise === 0;
      const purchase = await insertPurchase(tx, {
        key,
        teamId,
        userId,
        purpose: q.purpose,
        planCode: q.planCode ?? null,
        months: q.months ?? null,
        storageGb: q.storageGb ?? null,
        renewalDate: q.renewalDate ?? null,
        amountPaise: q.amountPaise,
        paidWith: byCredits ? 'credits' : 'payment',
      });
      if (!byCredits) {
        // Paid by a payment: the purchase waits for payments.paid (an upgrade shows as in progress).
        if (q.purpose === 'plan_upgrade' && q.planCode) {
          await markUpgradePending(tx, teamId, q.planCode);
          emit('subscription.changed', { teamId, userId, purpose: q.purpose, applied: false });
        }
        return { purchase, answer: null };
      }
      if (q.amountPaise > 0) {
        await spendFromCredits(tx, {
          teamId,
          amountPaise: q.amountPaise,
          idempotencyKey: key,
          reason: q.reason,
          refType: 'subscription',
          refId: q.purpose,
          userId,
        });
      }
      await applyPurchase(ctx, tx, key);
      emit('subscription.changed', { teamId, userId, purpose: q.purpose, applied: true });
      const answer: PurchaseAnswer = {
        message: q.message,
        checkout_url: null,
        payment_id: null,
        amount: paiseToRupees(q.amountPaise),
      };
      return { purchase, answer };
    });
    if (outcome.answer) return outcome.answer;
    const p = outcome.purchase;
    if (p.status === 'applied' || p.paidWith === 'credits') {
      return {
        message: MSG.planUpdated,
        checkout_url: null,
        payment_id: p.paymentId,
        amount: paiseToRupees(p.amountPaise),
      };
    }
    // The payment is started after the purchase committed (createPayment commits on its own); the
    // same key again answers the same payment, so a retry after a crash here completes it.
    const payment = await startPayment(ctx, {
      teamId,
      userId,
      amountPaise: p.amountPaise,
      purpose: p.purpose as Purpose,
      idempotencyKey: key,
      description: descriptionOf(p),
    });
    if (!p.paymentId) await db.transaction((tx) => setPurchasePayment(tx, key, payment.paymentId));
    return {
      message: MSG.upgradeInProgress,
      checkout_url: payment.checkoutUrl,
      payment_id: payment.paymentId,
      amount: paiseToRupees(p.amountPaise),
    };
  }

  return {
    async state({ team }: TeamAccess): Promise<SubscriptionState> {
      const teamId = team.id;
      const plan = await findPlan(db, team.planCode);
      const usage = await teamUsage(db, teamId);
      const now = Date.now();
      const pending = usage.subscription.pendingUntil && usage.subscription.pendingUntil.getTime() > now;
      return {
        plan_detail: {
          title: plan.title,
          subscription_amount: plan.amount,
          subscription_db_id: plan.code,
          storage_size: plan.storageGb,
          is_free: plan.isFree,
          is_enterprise: plan.isEnterprise,
          is_team_plan: plan.isTeamPlan,
        },
        storage_detail: await storageDetail(teamId, plan),
        credits: { credits_available: await creditsAvailable(db, teamId) },
        renewal: { renewal_date: usage.subscription.renewalDate?.toISOString() ?? null },
        is_subscription_upgrade_in_progress: Boolean(pending),
        waiting_time: pending ? Math.ceil((usage.subscription.pendingUntil!.getTime() - now) / 1000) : 0,
        payments_available: paymentsAvailable,
      };
    },

    async plans({ team }: TeamAccess) {
      // Enterprise last (a contact page, no price); the others by price.
      const rows = (await listPlans(db)).sort(
        (a, b) => Number(a.isEnterprise) - Number(b.isEnterprise) || a.amount - b.amount,
      );
      return { plans: rows.map((p) => presentPlan(p, team.planCode)) };
    },

    async planDetails({ team }: TeamAccess, code: string): Promise<PlanDetails> {
      const plan = (await listPlans(db)).find((p) => p.code === code);
      if (!plan) throw badRequest(MSG.detailsNotFound);
      return {
        ...presentPlan(plan, team.planCode),
        project_limit: flag(plan.projectLimit),
        no_of_concurrent_systems: flag(plan.concurrentSystems),
        team_limit: flag(plan.teamLimit),
        collaborators_limit: flag(plan.collaboratorsLimit),
        machine_hour_limit: flag(plan.machineHourLimit),
      };
    },

    async storage({ team }: TeamAccess) {
      return storageDetail(team.id, await findPlan(db, team.planCode));
    },

    upgrade(
      userId: string,
      body: {
        team_db_id: string;
        subscription_db_id: string;
        credits_used: boolean;
        idempotency_key?: string;
      },
    ) {
      return buy(
        userId,
        body.team_db_id,
        body.credits_used,
        body.idempotency_key,
        async ({ plan, sub }, tx) => {
          const target = (await listPlans(tx)).find((p) => p.code === body.subscription_db_id);
          if (!target) throw badRequest(MSG.detailsNotFound);
          if (target.isEnterprise) throw badRequest(MSG.enterpriseContact);
          if (target.isFree || target.amount <= plan.amount) throw badRequest(MSG.planNotUpgrade);
          if (sub.pendingUntil && sub.pendingUntil.getTime() > Date.now())
            throw badRequest(MSG.upgradeInProgress);
          const q = upgradeQuote(pricing(plan), pricing(target), sub.renewalDate, new Date());
          return {
            purpose: 'plan_upgrade',
            amountPaise: q.amountPaise,
            planCode: target.code,
            renewalDate: q.renewalDate,
            reason: `Plan upgrade to ${target.title}`,
            message: MSG.planUpdated,
          };
        },
      );
    },

    renew(
      userId: string,
      body: {
        team_db_id: string;
        subscription_db_id: string;
        months: number;
        credits_used: boolean;
        idempotency_key?: string;
      },
    ) {
      return buy(userId, body.team_db_id, body.credits_used, body.idempotency_key, ({ plan, sub }) => {
        if (plan.isFree || plan.isEnterprise) throw badRequest(MSG.freePlanNoRenewal);
        if (body.subscription_db_id !== plan.code) throw badRequest(MSG.detailsNotFound);
        const q = renewalQuote(pricing(plan), sub.storageAddedGb, body.months, sub.renewalDate, new Date());
        return {
          purpose: 'renewal',
          amountPaise: q.amountPaise,
          months: body.months,
          renewalDate: q.renewalDate,
          reason: `Renewal of ${plan.title} for ${body.months} month${body.months === 1 ? '' : 's'}`,
          message: MSG.renewalDone,
        };
      });
    },

    addStorage(
      userId: string,
      body: { team_db_id: string; storage_size: number; credits_used: boolean; idempotency_key?: string },
    ) {
      return buy(userId, body.team_db_id, body.credits_used, body.idempotency_key, ({ plan, sub }) => {
        if (plan.isFree) throw badRequest(MSG.freePlanNoRenewal);
        if (!isValidStorageAddition(body.storage_size, plan.storageStepGb))
          throw badRequest(MSG.storageStepInvalid);
        const q = storageQuote(pricing(plan), body.storage_size, sub.renewalDate, new Date());
        return {
          purpose: 'storage',
          amountPaise: q.amountPaise,
          storageGb: body.storage_size,
          reason: `Add-on storage ${body.storage_size} GB`,
          message: MSG.storageAdded,
        };
      });
    },
  };
}
