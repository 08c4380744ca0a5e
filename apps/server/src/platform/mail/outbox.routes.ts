import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API, outboxMail } from '@rushes/shared';
import type { Mailer } from './mailer.ts';
import { ok, replies } from '../http/envelope.ts';
import { typed } from '../http/routes.ts';

/**
 * The dev outbox: only registered when no SMTP is configured (the embedded default), so a new user
 * on a laptop can read the verification link and 2FA codes. With SMTP_URL set the route does not exist.
 */
export function outboxRoutes(mailer: Mailer) {
  return async (fastify: FastifyInstance) => {
    if (!mailer.outboxEnabled) return;
    typed(fastify).get(
      API.dev.outbox,
      {
        schema: { tags: ['dev'], response: replies(z.object({ mails: z.array(outboxMail) })) },
        config: { access: 'public' },
      },
      async () => {
        const rows = await mailer.listOutbox();
        return ok({
          mails: rows.map((m) => ({
            id: m.id,
            to: m.toAddress,
            subject: m.subject,
            text: m.text,
            created_on: m.createdAt.toISOString(),
          })),
        });
      },
    );
  };
}
