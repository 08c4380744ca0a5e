import { z } from 'zod';

export const payments = {
  RAZORPAY_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .describe(
      'with `RAZORPAY_KEY_SECRET` and `RAZORPAY_WEBHOOK_SECRET`: all three set, payments go through Razorpay (orders in INR paise, checkout in the browser, webhooks at `/api/payments/webhook`); none set, the embedded test-mode provider and its own checkout page (no money moves). Setting only some refuses to start',
    ),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional().describe('Razorpay key secret (see `RAZORPAY_KEY_ID`)'),
  RAZORPAY_WEBHOOK_SECRET: z
    .string()
    .min(1)
    .optional()
    .describe('the secret of the Razorpay webhook (see `RAZORPAY_KEY_ID`)'),
  RAZORPAY_API_URL: z
    .url()
    .default('https://api.razorpay.com')
    .describe('(tests) where the Razorpay SDK sends its calls: a local stand-in'),
  /**
   * On by default outside production only, because its checkout grants credits and plans without money.
   */
  PAYMENTS_TEST_MODE: z.enum(['true', 'false', '1', '0']).optional().meta({
    default: '`true` outside production, `false` in production',
    description:
      'without Razorpay, the embedded test-mode checkout (no money moves: completing it grants what was bought). A production server without Razorpay refuses to start payments (503) unless this is `true` (a staging host)',
  }),
  INVOICE_SUPPLIER_NAME: z
    .string()
    .min(1)
    .default('Rushes Media Private Limited')
    .describe('the supplier printed on GST tax invoices'),
  INVOICE_SUPPLIER_ADDRESS: z
    .string()
    .min(1)
    .default('2nd Floor, 12 Residency Road, Bengaluru, Karnataka 560025')
    .describe('the supplier’s address printed on GST tax invoices'),
  INVOICE_SUPPLIER_GSTIN: z
    .string()
    .regex(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/)
    .default('29AABCR1234M1Z5')
    .describe(
      'the supplier’s GSTIN; its first two digits are the supplier’s state (CGST + SGST to the same state, IGST elsewhere)',
    ),
};
