/** The credits' texts, apart from their schemas so the shell's team switcher does not load them. */
export const CREDIT_TEXT = {
  // spec 002 §8 verbatim
  lowBalance: 'Low Balance',
  // decided (docs/decisions/0021-credits-and-plans.md "Credits wallet")
  insufficientCredits: 'Insufficient credits. Add credits and try again.',
  idempotencyConflict: 'This request was already made with different details',
  refundTooLarge: 'A refund cannot be more than was spent',
  spendNotFound: 'The payment to refund was not found',
  invalidAmount: 'Enter a valid amount',
  walletTitle: 'Credits',
  creditsAvailable: 'Credits available',
  transactionsTitle: 'Transactions',
  noTransactions: 'No transactions yet',
  loadMore: 'Show more',
  addCredits: 'Add Credits',
  date: 'Date',
  description: 'Description',
  type: 'Type',
  amount: 'Amount',
  balance: 'Balance',
  invoice: 'Invoice',
  kind: { purchase: 'Purchase', spend: 'Spent', refund: 'Refund', adjustment: 'Adjustment' },
} as const;
