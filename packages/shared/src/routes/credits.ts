import {
  CREDITS_API,
  creditBalance,
  creditTransactionList,
  creditTransactionsQuery,
  creditsQuery,
} from '../schemas/credits.ts';
import { defineRoutes } from './define.ts';

/** The team's prepaid credits: its admins read the balance and the ledger. */
export const creditsRoutes = defineRoutes('credits', {
  balance: {
    method: 'GET',
    path: CREDITS_API.balance,
    query: creditsQuery,
    response: creditBalance,
    policy: 'credits.authorizeCreditsAdmin',
  },
  transactions: {
    method: 'GET',
    path: CREDITS_API.transactions,
    query: creditTransactionsQuery,
    response: creditTransactionList,
    policy: 'credits.authorizeCreditsAdmin',
  },
});
