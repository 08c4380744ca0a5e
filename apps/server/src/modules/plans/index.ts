import { defineModule } from '../../platform/modules.ts';

// What other modules may call (everything else in this folder is internal).
export {
  assertWithinLimit,
  findPlan,
  hasRoom,
  listPlans,
  presentCurrentPlan,
  upgradeData,
  upgradeRequired,
} from './plans.service.ts';
export {
  assertCloudLimits,
  cycleStart,
  GIB,
  machineHoursSince,
  recordCloudUsage,
  storageQuotaBytes,
  subscriptionOf,
  type CloudUsageRow,
} from './plans.usage.ts';
export {
  applyPurchase,
  clearUpgradePending,
  insertPurchase,
  lockSubscription,
  markUpgradePending,
  purchaseByKey,
  purchaseByPayment,
  setPurchasePayment,
  teamUsage,
  upgradeInProgressFor,
  upgradeInProgressFromJson,
  upgradeInProgressJsonSql,
  type Purpose,
  type PurchaseRow,
} from './plans.subscription.ts';
export { writeTeamPlanWith, type TeamPlanWriter } from './teamPlan.ts';

/**
 * Plans, their limits, the team's subscription state and cloud usage: no routes or jobs of its own;
 * other modules call its functions (the subscriptions module sells, statistics reads).
 */
export const plansModule = defineModule({ name: 'plans' });
