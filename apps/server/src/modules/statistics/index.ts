import { defineModule } from '../../platform/modules.ts';
import { statisticsPolicy } from './statistics.policy.ts';
import { statisticsRoutes } from './statistics.routes.ts';

/** Statistics of an admin team: storage from assets, cloud usage from the usage records. */
export const statisticsModule = defineModule({
  name: 'statistics',
  policies: { 'statistics.canViewStatistics': statisticsPolicy() },
  routes: [statisticsRoutes],
});
