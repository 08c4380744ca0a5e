import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { requestOrigin } from '../../platform/http/requestOrigin.ts';
import { limit } from '../../platform/http/routes.ts';
import { serve } from '../../platform/http/serve.ts';
import { createDeviceLoginService } from './deviceLogin.service.ts';

/**
 * The uploader's device login. Starting and polling are open (the program has no login yet; its
 * device code is the proof) and limited per address; looking up, approving and denying a user code
 * need the user's session and are limited per account, so a logged-in guesser gets a handful of
 * tries at the user code.
 */
export function deviceLoginRoutes(ctx: AppContext) {
  const service = createDeviceLoginService(ctx);
  const { config } = ctx;
  const perAccount = (route: string) => {
    const base = limit(config, 10, 10);
    return (
      base && {
        ...base,
        keyGenerator: (req: FastifyRequest) => `${route}:${req.session?.userId ?? req.ip}`,
      }
    );
  };
  return async (fastify: FastifyInstance) => {
    serve(
      fastify,
      ROUTES.camera.deviceStart,
      async (req) =>
        ok(
          await service.start({
            deviceName: req.body.device_name,
            ip: req.ip,
            // The page opens on the address the program reached, as the app's other URLs do (DESIGN §9).
            origin: requestOrigin(req) ?? config.publicUrl,
          }),
        ),
      { rateLimit: limit(config, 10, 10) },
    );
    serve(fastify, ROUTES.camera.deviceToken, async (req) => ok(await service.poll(req.body.device_code)), {
      rateLimit: limit(config, 60),
    });
    serve(fastify, ROUTES.camera.device, async (req) => ok(await service.find(req.query.user_code)), {
      rateLimit: perAccount('device'),
    });
    serve(
      fastify,
      ROUTES.camera.deviceApprove,
      async (req) => ok(await service.approve(userIdOf(req), req.body.user_code)),
      { rateLimit: perAccount('approve') },
    );
    serve(
      fastify,
      ROUTES.camera.deviceDeny,
      async (req) => ok(await service.deny(userIdOf(req), req.body.user_code)),
      { rateLimit: perAccount('deny') },
    );
  };
}
