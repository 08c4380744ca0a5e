import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { ok } from '../../platform/http/envelope.ts';
import { limit } from '../../platform/http/routes.ts';
import { accessOf } from '../../platform/policies.ts';
import { createApprovalsService } from './approvals.service.ts';
import { assetAccessOf } from './approvals.policy.ts';

/**
 * Approval and review requests (spec 000 §7). Who may: members of the asset's project read,
 * search people to ask (the project's team and members) and create (asking a teammate outside the
 * project needs can_add_update_collaborators); the request's creator removes invited people and resends invitations; people asked on
 * the asset set its approval status.
 */
export function approvalsRoutes(ctx: AppContext) {
  const service = createApprovalsService(ctx);
  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.approvals.list, async (req) =>
      ok(await service.list(assetAccessOf(req), req.query)),
    );
    serve(
      fastify,
      ROUTES.approvals.userSearch,
      async (req) => ok(await service.searchPeople(assetAccessOf(req), req.query)),
      { rateLimit: limit(ctx.config, 60) },
    );
    serve(
      fastify,
      ROUTES.approvals.create,
      async (req) => ok(await service.create(assetAccessOf(req), req.body)),
      { rateLimit: limit(ctx.config, 60) },
    );
    serve(fastify, ROUTES.approvals.removeUser, async (req) =>
      ok(await service.removeUser(accessOf(req, 'approvals.canManageRequest'), req.body)),
    );
    serve(
      fastify,
      ROUTES.approvals.resendInvite,
      async (req) => ok(await service.resendInvite(accessOf(req, 'approvals.canManageRequest'), req.body)),
      { rateLimit: limit(ctx.config, 20) },
    );
    serve(fastify, ROUTES.approvals.setStatus, async (req) =>
      ok(await service.setStatus(accessOf(req, 'approvals.isReviewerOf'), req.body)),
    );
  };
}
