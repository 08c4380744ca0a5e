import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { accessOf } from '../../platform/policies.ts';
import { limit } from '../../platform/http/routes.ts';
import { createProjectInvitesService } from './invites.service.ts';
import { myProjects } from './projects.byCode.ts';
import { membersRoutes } from './members.routes.ts';
import { createProjectsService } from './projects.service.ts';
import { sharedAssetsTrayOf } from './sharedTray.ts';

/**
 * Projects and home trays. Who may: team members holding can_create_projects create (within the
 * plan's project_limit); members read a project's info; can_manage_project renames; only the creator deletes; anyone logged in
 * reads their own trays and accepts an invitation meant for their e-mail.
 */
export function projectsRoutes(ctx: AppContext) {
  const service = createProjectsService(ctx);
  const invites = createProjectInvitesService(ctx);

  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.projects.create, async (req) => ok(await service.create(userIdOf(req), req.body)), {
      rateLimit: limit(ctx.config, 30),
    });

    serve(fastify, ROUTES.projects.rename, async (req) => ok(await service.rename(req.body)), {
      rateLimit: limit(ctx.config, 30),
    });

    serve(fastify, ROUTES.projects.remove, async (req) =>
      ok(await service.remove(accessOf(req, 'projects.canDeleteProject'))),
    );

    serve(fastify, ROUTES.projects.info, async (req) =>
      ok(await service.info(accessOf(req, 'projects.canViewProject'))),
    );

    // The uploader: the Project ID people copy from the page, and its project picker.
    serve(fastify, ROUTES.projects.infoByCode, async (req) =>
      ok(await service.info(accessOf(req, 'projects.canViewProjectByCode'))),
    );
    serve(fastify, ROUTES.projects.infoMine, async (req) =>
      ok(await myProjects(ctx.db, userIdOf(req), req.session?.teamScope)),
    );

    serve(fastify, ROUTES.projects.trays, async (req) => {
      const { tray_name, ...q } = req.query;
      // 'Shared Assets' lists shares made to the caller; the project trays, their memberships.
      if (tray_name === 'shared_assets')
        return ok(await sharedAssetsTrayOf(ctx)(userIdOf(req), { ...q, tray_name }));
      return ok(await service.tray(userIdOf(req), { ...q, tray_name }));
    });

    serve(fastify, ROUTES.projects.traysStructure, async (req) => {
      userIdOf(req);
      return ok(service.trayStructure());
    });

    serve(
      fastify,
      ROUTES.projects.acceptInvite,
      async (req) => ok(await invites.accept(userIdOf(req), req.body.invite_code)),
      { rateLimit: limit(ctx.config, 20) },
    );

    await fastify.register(membersRoutes(ctx));
  };
}
