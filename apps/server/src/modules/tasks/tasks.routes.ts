import type { FastifyInstance } from 'fastify';
import {
  API,
  answerTransferBody,
  completeTaskBody,
  createTaskBody,
  deleteTaskBody,
  resendTaskInviteBody,
  task,
  taskListQuery,
  taskDeletedAnswer,
  taskMessageAnswer,
  taskPage,
  taskQuery,
  taskSaved,
  taskTrayPage,
  taskTrayQuery,
  taskTypesAnswer,
  transferRequestBody,
  updateTaskBody,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { messageReply, ok, replies } from '../../platform/http/envelope.ts';
import { limit, typed } from '../../platform/http/routes.ts';
import { taskChatRoutes } from './taskChat.routes.ts';
import { createTasksService } from './tasks.service.ts';
import { createTransferService } from './transfer.service.ts';
import { taskTray } from './trays.ts';

const tags = ['tasks'];

/**
 * Tasks (spec 000 §7 Tasks). Who may: project members list, read and create tasks; the assigner
 * updates, completes, resends invitations and answers transfers; assignees ask for transfers; a
 * completed task refuses every write. The assigner or a project creator/admin deletes a task. Anyone logged in reads their own trays.
 */
export function tasksRoutes(ctx: AppContext) {
  const service = createTasksService(ctx);
  const transfers = createTransferService(ctx);

  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const t = API.tasks;

    app.get(
      t.types,
      { schema: { tags, response: replies(taskTypesAnswer) }, config: { policy: 'self' } },
      async (req) => {
        userIdOf(req);
        return ok(service.types());
      },
    );
    app.get(
      t.root,
      {
        schema: { tags, querystring: taskListQuery, response: replies(taskPage) },
        config: { policy: 'projects.canViewProject' },
      },
      async (req) => ok(await service.list(userIdOf(req), req.query)),
    );
    app.post(
      t.root,
      {
        schema: { tags, body: createTaskBody, response: replies(taskSaved) },
        config: { policy: 'projects.canViewProject', rateLimit: limit(ctx.config, 60) },
      },
      async (req) => ok(await service.create(userIdOf(req), req.body)),
    );
    app.put(
      t.root,
      {
        schema: { tags, body: updateTaskBody, response: replies(taskSaved) },
        config: { policy: 'tasks.canManageTask', rateLimit: limit(ctx.config, 60) },
      },
      async (req) => ok(await service.update(userIdOf(req), req.body)),
    );
    app.delete(
      t.root,
      {
        schema: { tags, body: deleteTaskBody, response: replies(taskDeletedAnswer) },
        config: { policy: 'tasks.canDeleteTask', rateLimit: limit(ctx.config, 60) },
      },
      async (req) => ok(await service.remove(userIdOf(req), req.body)),
    );
    app.get(
      t.detail,
      {
        schema: { tags, querystring: taskQuery, response: replies(task) },
        config: { policy: 'tasks.canReadTask' },
      },
      async (req) => ok(await service.detail(userIdOf(req), req.query.task_db_id)),
    );
    app.put(
      t.complete,
      {
        schema: { tags, body: completeTaskBody, response: replies(taskMessageAnswer) },
        config: { policy: 'tasks.canManageTask' },
      },
      async (req) => ok(await service.complete(userIdOf(req), req.body.task_db_id)),
    );
    app.put(
      t.resendInvite,
      {
        schema: { tags, body: resendTaskInviteBody, response: messageReply },
        config: { policy: 'tasks.canManageTask', rateLimit: limit(ctx.config, 20) },
      },
      async (req) => ok(await service.resendInvite(userIdOf(req), req.body)),
    );
    app.post(
      t.transfer,
      {
        schema: { tags, body: transferRequestBody, response: replies(taskMessageAnswer) },
        config: { policy: 'tasks.canRequestTransfer' },
      },
      async (req) => ok(await transfers.request(userIdOf(req), req.body)),
    );
    app.put(
      t.transfer,
      {
        schema: { tags, body: answerTransferBody, response: replies(taskMessageAnswer) },
        config: { policy: 'tasks.canManageTask' },
      },
      async (req) => ok(await transfers.answer(userIdOf(req), req.body)),
    );
    app.get(
      t.trays,
      {
        schema: { tags, querystring: taskTrayQuery, response: replies(taskTrayPage) },
        config: { policy: 'self' },
      },
      async (req) => ok(await taskTray(ctx.db, userIdOf(req), req.query)),
    );

    await app.register(taskChatRoutes(ctx));
  };
}
