import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { sharedAssetOf } from './shares.policy.ts';
import { serve } from '../../platform/http/serve.ts';
import { createVersionsService } from './versions.service.ts';

/** Version stacks. Who may: members read; can_upload_assets stacks a new version. */
export function versionsRoutes(ctx: AppContext) {
  const service = createVersionsService(ctx);
  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.versions.list, async (req) => ok(await service.list(sharedAssetOf(req).asset)));
    serve(fastify, ROUTES.versions.add, async (req) => ok(await service.add(userIdOf(req), req.body)));
  };
}
