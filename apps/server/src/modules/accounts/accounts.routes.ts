import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { limit } from '../../platform/http/routes.ts';
import { createAccountsService } from './accounts.service.ts';

/** Account settings: every route is the caller's own account (a full session), nobody else's. */
export function accountsRoutes(ctx: AppContext) {
  const service = createAccountsService(ctx);
  const { config } = ctx;

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
      async (req) => ok(await service.sendTwoFactorCode(userIdOf(req), req.body, req.ip)),
      { rateLimit: limit(config, 5, 10) },
    );

    serve(
      fastify,
      ROUTES.account.twoFactorVerify,
      async (req) => ok(await service.verifyTwoFactor(userIdOf(req), req.body)),
      { rateLimit: limit(config, 10) },
    );
  };
}
