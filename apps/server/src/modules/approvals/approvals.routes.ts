import type { FastifyInstance } from 'fastify';
import {
  API,
  approvalStatusSaved,
  createTaskRequestBody,
  removeRequestUserBody,
  resendRequestInviteBody,
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
 * Approval and review requests (spec 000 §7). Who may: members of the asset's project read and
 * create; the request's creator removes invited people and resends invitations; people asked on
 * the asset set its approval status.
 */
export function approvalsRoutes(ctx: AppContext) {
  const service = createApprovalsService(ctx);
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const a = API.approvals;
    app.get(
      a.root,
      { schema: { tags, querystring: taskRequestsQuery, response: replies(taskRequestList) } },
      async (req) => ok(await service.list(userIdOf(req), req.query)),
    );
    app.post(
      a.root,
      {
        schema: { tags, body: createTaskRequestBody, response: replies(taskRequestSaved) },
        config: { rateLimit: limit(ctx.config, 60) },
      },
      async (req) => ok(await service.create(userIdOf(req), req.body)),
    );
    app.put(a.root, { schema: { tags, body: removeRequestUserBody, response: messageReply } }, async (req) =>
      ok(await service.removeUser(userIdOf(req), req.body)),
    );
    app.put(
      a.resendInvite,
      {
        schema: { tags, body: resendRequestInviteBody, response: messageReply },
        config: { rateLimit: limit(ctx.config, 20) },
      },
      async (req) => ok(await service.resendInvite(userIdOf(req), req.body)),
    );
    app.put(
      a.status,
      { schema: { tags, body: setApprovalStatusBody, response: replies(approvalStatusSaved) } },
      async (req) => ok(await service.setStatus(userIdOf(req), req.body)),
    );
  };
}
