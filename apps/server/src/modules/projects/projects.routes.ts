import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  API,
  acceptProjectInviteBody,
  createProjectBody,
  deleteProjectBody,
  projectCard,
  projectInfo,
  projectQuery,
  renameProjectBody,
  trayPage,
  sharedAssetsPage,
  trayQuery,
  trayStructure,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { messageReply, ok, replies } from '../../platform/http/envelope.ts';
import { limit, typed } from '../../platform/http/routes.ts';
import { createProjectInvitesService } from './invites.service.ts';
import { membersRoutes } from './members.routes.ts';
import { createProjectsService } from './projects.service.ts';
import { sharedAssetsTrayOf } from './sharedTray.ts';

const tags = ['projects'];

/**
 * Projects and home trays. Who may: team members holding can_create_projects create (within the
 * plan's project_limit); members read a project's info; can_manage_project renames; only the creator deletes; anyone logged in
 * reads their own trays and accepts an invitation meant for their e-mail.
 */
export function projectsRoutes(ctx: AppContext) {
  const service = createProjectsService(ctx);
  const invites = createProjectInvitesService(ctx);

  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);

    app.post(
      API.projects.root,
      {
        schema: {
          tags,
          body: createProjectBody,
          response: replies(
            z.object({ message: z.string(), project_db_id: z.string(), project: projectCard }),
          ),
        },
        config: { policy: 'projects.canCreateProjects', rateLimit: limit(ctx.config, 30) },
      },
      async (req) => ok(await service.create(userIdOf(req), req.body)),
    );

    app.put(
      API.projects.root,
      {
        schema: {
          tags,
          body: renameProjectBody,
          response: replies(z.object({ message: z.string(), title: z.string() })),
        },
        config: { policy: 'projects.canManageProject', rateLimit: limit(ctx.config, 30) },
      },
      async (req) => ok(await service.rename(userIdOf(req), req.body)),
    );

    app.delete(
      API.projects.root,
      {
        schema: { tags, body: deleteProjectBody, response: messageReply },
        config: { policy: 'projects.canDeleteProject' },
      },
      async (req) => ok(await service.remove(userIdOf(req), req.body.project_db_id)),
    );

    app.get(
      API.projects.info,
      {
        schema: { tags, querystring: projectQuery, response: replies(projectInfo) },
        config: { policy: 'projects.canViewProject' },
      },
      async (req) => ok(await service.info(userIdOf(req), req.query.project_db_id)),
    );

    app.get(
      API.projects.trays,
      {
        schema: { tags, querystring: trayQuery, response: replies(z.union([trayPage, sharedAssetsPage])) },
        config: { policy: 'self' },
      },
      async (req) => {
        const { tray_name, ...q } = req.query;
        // 'Shared Assets' lists shares made to the caller; the project trays, their memberships.
        if (tray_name === 'shared_assets')
          return ok(await sharedAssetsTrayOf(ctx)(userIdOf(req), { ...q, tray_name }));
        return ok(await service.tray(userIdOf(req), { ...q, tray_name }));
      },
    );

    app.get(
      API.projects.traysStructure,
      { schema: { tags, response: replies(trayStructure) }, config: { policy: 'self' } },
      async (req) => {
        userIdOf(req);
        return ok(service.trayStructure());
      },
    );

    app.post(
      API.projects.acceptInvite,
      {
        schema: {
          tags,
          body: acceptProjectInviteBody,
          response: replies(z.object({ message: z.string(), project_db_id: z.string() })),
        },
        config: { policy: 'self', rateLimit: limit(ctx.config, 20) },
      },
      async (req) => ok(await invites.accept(userIdOf(req), req.body.invite_code)),
    );

    await app.register(membersRoutes(ctx));
  };
}
