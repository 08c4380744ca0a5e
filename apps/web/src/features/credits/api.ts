import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CREDIT_TRANSACTIONS_PAGE } from '@rushes/shared';
import { creditsRoutes } from '@rushes/shared/routes/credits';
import { paymentsRoutes } from '@rushes/shared/routes/payments';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';

/**
 * The team's credits and payments. Every key starts with 'credits', so a purchase or a
 * spend anywhere (the subscription panels too) refreshes all of it with one invalidation.
 */
export const creditsKeys = {
  all: ['credits'] as const,
  balance: (teamDbId: string) => ['credits', 'balance', teamDbId] as const,
  transactions: (teamDbId: string) => ['credits', 'transactions', teamDbId] as const,
  payments: (teamDbId: string) => ['credits', 'payments', teamDbId] as const,
  payment: (paymentDbId: string) => ['credits', 'payment', paymentDbId] as const,
};

export function useCreditBalance(teamDbId: string, enabled = true) {
  return useQuery({
    queryKey: creditsKeys.balance(teamDbId),
    queryFn: ({ signal }) => call(creditsRoutes.balance, { team_db_id: teamDbId }, { signal }),
    enabled,
  });
}

export function useCreditTransactions(teamDbId: string) {
  return useInfiniteQuery({
    queryKey: creditsKeys.transactions(teamDbId),
    queryFn: ({ pageParam, signal }) =>
      call(
        creditsRoutes.transactions,
        { team_db_id: teamDbId, entries_per_page: CREDIT_TRANSACTIONS_PAGE, cursor: pageParam ?? undefined },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function usePayments(teamDbId: string) {
  return useInfiniteQuery({
    queryKey: creditsKeys.payments(teamDbId),
    queryFn: ({ pageParam, signal }) =>
      call(
        paymentsRoutes.list,
        { team_db_id: teamDbId, entries_per_page: CREDIT_TRANSACTIONS_PAGE, cursor: pageParam ?? undefined },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/**
 * A payment as its checkout page shows it. After the user acted (`acted`), it is polled each second
 * until its outcome has arrived and, once paid, its invoice is issued.
 */
export function useCheckout(paymentDbId: string, acted: boolean) {
  return useQuery({
    queryKey: creditsKeys.payment(paymentDbId),
    queryFn: ({ signal }) => call(paymentsRoutes.checkout, { payment_db_id: paymentDbId }, { signal }),
    refetchInterval: (q) => {
      const d = q.state.data;
      const waiting = !d || d.status === 'created' || (d.status === 'paid' && !d.has_invoice);
      return acted && waiting ? 1000 : false;
    },
  });
}

/** The invoice PDF of a paid payment (a plain GET: the session cookie authorizes it). */
export const invoiceUrl = (paymentDbId: string) =>
  `${paymentsRoutes.invoice.path}?payment_db_id=${encodeURIComponent(paymentDbId)}`;

export const useAddCredits = mutationHook(paymentsRoutes.addCredits);
export const useCompleteTestPayment = mutationHook(paymentsRoutes.testComplete);
export const useDeclineTestPayment = mutationHook(paymentsRoutes.testDecline);
export const useVerifyRazorpay = mutationHook(paymentsRoutes.razorpayVerify);
