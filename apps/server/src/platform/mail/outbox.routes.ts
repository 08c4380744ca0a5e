import type { FastifyInstance } from 'fastify';
import { MSG, ROUTES } from '@rushes/shared';
import type { Mailer } from './mailer.ts';
import { serve } from '../http/serve.ts';
import { ok } from '../http/envelope.ts';
import { forbidden } from '../http/errors.ts';
import { cameFromThisMachine } from '../http/loopback.ts';

/**
 * The dev outbox: only registered when no SMTP is configured (the embedded default), so a new user
 * on a laptop can read the verification link and 2FA codes. With SMTP_URL set the route does not exist.
 * Its mails hold reset links and codes (an account takeover for whoever reads them), so it answers
 * only clients on the server's own machine (loopback.ts), unless `remote` (MAIL_OUTBOX_REMOTE, for a
 * demo host) opens it to every client.
 */
export function outboxRoutes(mailer: Mailer, opts: { remote: boolean }) {
  return async (fastify: FastifyInstance) => {
    if (!mailer.outboxEnabled) return;
    serve(fastify, ROUTES.dev.outbox, async (req) => {
      if (!opts.remote && !cameFromThisMachine(req)) throw forbidden(MSG.outboxLocalOnly);
      const rows = await mailer.listOutbox();
      return ok({
        mails: rows.map((m) => ({
          id: m.id,
          to: m.toAddress,
          subject: m.subject,
          text: m.text,
          created_on: m.createdAt.toISOString(),
        })),
        local_only: !opts.remote,
      });
    });
  };
}
