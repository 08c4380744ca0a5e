import type { FastifyInstance } from 'fastify';
import { API, changePasswordBody, twoFactorSendBody, twoFactorVerifyBody } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { messageReply, ok } from '../../platform/http/envelope.ts';
import { limit, typed } from '../../platform/http/routes.ts';
import { createAccountsService } from './accounts.service.ts';

const tags = ['account'];

/** Account settings: every route is the caller's own account (a full session), nobody else's. */
export function accountsRoutes(ctx: AppContext) {
  const service = createAccountsService(ctx);
  const { config } = ctx;

  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);

    app.post(
      API.account.changePassword,
      {
        schema: { tags, body: changePasswordBody, response: messageReply },
        config: { policy: 'self', rateLimit: limit(config, 10) },
      },
      async (req) => ok(await service.changePassword(userIdOf(req), req.body)),
    );

    app.post(
      API.account.twoFactorSend,
      {
        schema: { tags, body: twoFactorSendBody, response: messageReply },
        config: { policy: 'self', rateLimit: limit(config, 5, 10) },
      },
      async (req) => ok(await service.sendTwoFactorCode(userIdOf(req), req.body, req.ip)),
    );

    app.put(
      API.account.twoFactorVerify,
      {
        schema: { tags, body: twoFactorVerifyBody, response: messageReply },
        config: { policy: 'self', rateLimit: limit(config, 10) },
      },
      async (req) => ok(await service.verifyTwoFactor(userIdOf(req), req.body)),
    );
  };
}
