import { defineModule } from '../../platform/modules.ts';

// What other modules may call (everything else in this folder is internal).
export {
  assertWithinLimit,
  findPlan,
  hasRoom,
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

/** Plans and their limits: no routes or jobs of its own; other modules call its functions. */
export const plansModule = defineModule({ name: 'plans' });
