import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { limit } from '../../platform/http/routes.ts';
import { assertRecentAuth } from '../../platform/auth/reauth.ts';
import { createAccountsService } from './accounts.service.ts';
import { findUserById } from './users.service.ts';

/** Account settings: every route is the caller's own account (a full session), nobody else's. */
export function accountsRoutes(ctx: AppContext) {
  const service = createAccountsService(ctx);
  const { config, db } = ctx;

  return async (fastify: FastifyInstance) => {
    serve(
      fastify,
      ROUTES.account.changePassword,
      async (req) => ok(await service.changePassword(userIdOf(req), req.body)),
      { rateLimit: limit(config, 10) },
    );

    serve(
      fastify,
      ROUTES.account.twoFactorSend,
      async (req) => {
        const userId = userIdOf(req);
        // Turning the account's two-factor off asks "Confirm it's you" first (turning it on does not).
        if (req.body.scope === 'account' && (await findUserById(db, userId))?.twoFactorEnabled) {
          await assertRecentAuth(db, ctx.secret, req);
        }
        return ok(await service.sendTwoFactorCode(userId, req.body, req.ip));
      },
      { rateLimit: limit(config, 5, 10) },
    );

    serve(
      fastify,
      ROUTES.account.twoFactorVerify,
      async (req) => {
        const userId = userIdOf(req);
        if (req.body.scope === 'account' && !req.body.two_factor_authentication_enabled) {
          await assertRecentAuth(db, ctx.secret, req);
        }
        return ok(await service.verifyTwoFactor(userId, req.body));
      },
      { rateLimit: limit(config, 10) },
    );
  };
}
