import { defineModule } from '../../platform/modules.ts';
import { creditsAdminPolicy } from './credits.policy.ts';
import { creditsRoutes } from './credits.routes.ts';

// What other modules may call, inside their own transaction (everything else here is internal).
// Amounts are whole paise (1 PSC = 1 rupee = 100 paise); see credits.ledger.ts.
export {
  adjustCredits,
  creditBalance,
  creditEntryByKey,
  grantCredits,
  insufficientCredits,
  refundCredits,
  spendCredits,
} from './credits.ledger.ts';
export type { CreditChange, CreditResult, LedgerEntry, RefundChange } from './credits.ledger.ts';
export { authorizeCreditsAdmin } from './credits.policy.ts';
export { balanceOf } from './credits.service.ts';

/** Prepaid credits: the ledger, the locked balance row, the balance and transactions routes. */
export const creditsModule = defineModule({
  name: 'credits',
  policies: { 'credits.authorizeCreditsAdmin': creditsAdminPolicy() },
  routes: [creditsRoutes],
});
