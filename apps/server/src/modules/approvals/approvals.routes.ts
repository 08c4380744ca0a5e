import type { FastifyInstance } from 'fastify';
import {
  API,
  approvalStatusSaved,
  createTaskRequestBody,
  removeRequestUserBody,
  resendRequestInviteBody,
  reviewerSearchQuery,
  reviewerSearchResult,
  setApprovalStatusBody,
  taskRequestList,
  taskRequestSaved,
  taskRequestsQuery,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { messageReply, ok, replies } from '../../platform/http/envelope.ts';
import { limit, typed } from '../../platform/http/routes.ts';
import { createApprovalsService } from './approvals.service.ts';

const tags = ['approvals'];

/**
 * Approval and review requests (spec 000 §7). Who may: members of the asset's project read,
 * search people to ask (the project's team and members) and create (asking a teammate outside the
 * project needs can_add_update_collaborators); the request's creator removes invited people and resends invitations; people asked on
 * the asset set its approval status.
 */
export function approvalsRoutes(ctx: AppContext) {
  const service = createApprovalsService(ctx);
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const a = API.approvals;
    app.get(
      a.root,
      {
        schema: { tags, querystring: taskRequestsQuery, response: replies(taskRequestList) },
        config: { policy: 'projects.canViewProject' },
      },
      async (req) => ok(await service.list(userIdOf(req), req.query)),
    );
    app.get(
      a.userSearch,
      {
        schema: { tags, querystring: reviewerSearchQuery, response: replies(reviewerSearchResult) },
        config: { policy: 'projects.canViewProject', rateLimit: limit(ctx.config, 60) },
      },
      async (req) => ok(await service.searchPeople(userIdOf(req), req.query)),
    );
    app.post(
      a.root,
      {
        schema: { tags, body: createTaskRequestBody, response: replies(taskRequestSaved) },
        config: { policy: 'projects.canViewProject', rateLimit: limit(ctx.config, 60) },
      },
      async (req) => ok(await service.create(userIdOf(req), req.body)),
    );
    app.put(
      a.root,
      {
        schema: { tags, body: removeRequestUserBody, response: messageReply },
        config: { policy: 'approvals.canManageRequest' },
      },
      async (req) => ok(await service.removeUser(userIdOf(req), req.body)),
    );
    app.put(
      a.resendInvite,
      {
        schema: { tags, body: resendRequestInviteBody, response: messageReply },
        config: { policy: 'approvals.canManageRequest', rateLimit: limit(ctx.config, 20) },
      },
      async (req) => ok(await service.resendInvite(userIdOf(req), req.body)),
    );
    app.put(
      a.status,
      {
        schema: { tags, body: setApprovalStatusBody, response: replies(approvalStatusSaved) },
        config: { policy: 'approvals.isReviewerOf' },
      },
      async (req) => ok(await service.setStatus(userIdOf(req), req.body)),
    );
  };
}
