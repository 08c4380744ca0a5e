import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { PAYMENT_TEXT, ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { invoices } from '../../db/schema/index.ts';
import { createPaymentsApi } from './payments.api.ts';
import { accessOf } from '../../platform/policies.ts';
import { providerOf } from './payments.service.ts';
import { receiveWebhook } from './payments.webhook.ts';
import { renderInvoicePdf } from './invoice.pdf.ts';

/** Largest webhook body accepted (Razorpay's are a few kB). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Payments: add credits (team admins), a payment's checkout, outcome and invoice (its payer
 * and the team's admins: payments.policy.ts), the team's payments (admins), and the provider webhook
 * (public; proven by its HMAC on the raw body).
 */
export function paymentsRoutes(ctx: AppContext) {
  const api = createPaymentsApi(ctx);
  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.payments.addCredits, async (req) =>
      ok(await api.addCredits(userIdOf(req), req.body)),
    );
    serve(fastify, ROUTES.payments.checkout, async (req) =>
      ok(await api.checkout(accessOf(req, 'payments.authorizePayment'))),
    );
    serve(fastify, ROUTES.payments.list, async (req) => ok(await api.list(req.query)));
    serve(fastify, ROUTES.payments.testComplete, async (req) =>
      ok(await api.settleTest(accessOf(req, 'payments.authorizePayment'), 'complete')),
    );
    serve(fastify, ROUTES.payments.testDecline, async (req) =>
      ok(await api.settleTest(accessOf(req, 'payments.authorizePayment'), 'decline')),
    );
    serve(fastify, ROUTES.payments.razorpayVerify, async (req) =>
      ok(await api.verifyRazorpay(accessOf(req, 'payments.authorizePayment'), req.body)),
    );
    serve(fastify, ROUTES.payments.invoice, async (req, reply) => {
      const payment = accessOf(req, 'payments.authorizePayment');
      const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
      if (!invoice) throw new AppError(PAYMENT_TEXT.invoiceNotReady, { status: 404, errorcode: 404 });
      const pdf = await renderInvoicePdf(invoice, payment);
      const name = `invoice-${invoice.number.replace(/\//g, '-')}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });

    // The webhook reads its body as raw bytes: the signature is over exactly what was sent.
    await fastify.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_req, body, done) => done(null, body),
      );
      serve(raw, ROUTES.payments.webhook, async (req) => {
        const header = (name: string) => {
          const v = req.headers[name];
          return Array.isArray(v) ? v[0] : v;
        };
        const body = req.body as unknown;
        if (!Buffer.isBuffer(body)) throw new AppError(PAYMENT_TEXT.badSignature, { status: 400 });
        await receiveWebhook(ctx, providerOf(ctx), {
          raw: body,
          signature: header('x-razorpay-signature'),
          eventId: header('x-razorpay-event-id'),
        });
        return ok({ received: true });
      });
    });
  };
}
