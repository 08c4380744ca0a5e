import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROUTES, type CloudSession } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { accessOf } from '../../platform/policies.ts';
import { serve } from '../../platform/http/serve.ts';
import { createCloudAccess } from './cloud.access.ts';
import { createCloudAdmin } from './cloud.admin.ts';
import { providerOf } from './cloud.providers.ts';
import { installVncProxy } from './cloud.proxy.ts';
import { publicHost, publicOrigin, shownAddress } from './cloud.tunnel.ts';
import { createCloudService } from './cloud.service.ts';

/**
 * Cloud editing (spec 001 §7 Cloud). Who may: any member of the project looks up the
 * catalogue and books (cloud.policy.ts canUseCloud); a session and its queue entry are their owner's
 * alone. Rules and transactions are in cloud.service.ts; the lifecycle runs as jobs.
 */
export function cloudRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const service = createCloudService(ctx, fastify.log);
    const access = createCloudAccess(ctx);
    const admin = createCloudAdmin(ctx, fastify.log);
    installVncProxy(ctx, fastify, fastify.log);
    // the address the ready step shows is the one this request reached the server at, never the
    // loopback a local desktop listens on (the connector tunnels to it through this server)
    const shownAt = (req: FastifyRequest, s: CloudSession) => ({
      ...s,
      ip_address: s.ip_address && shownAddress(s.ip_address, publicHost(req, ctx.config)),
    });
    // the local desktops live in this process: they end with the app
    fastify.addHook('onClose', async () => providerOf(ctx, fastify.log).close());

    serve(fastify, ROUTES.cloud.systemTypes, async () => ok(await service.systemTypes()));
    serve(fastify, ROUTES.cloud.softwares, async () => ok(await service.softwares()));
    serve(fastify, ROUTES.cloud.plugins, async (req) => ok(await service.plugins(req.query.software_slug)));
    serve(fastify, ROUTES.cloud.hardware, async (req) =>
      ok(await service.hardware(userIdOf(req), req.query.software_slug)),
    );
    serve(fastify, ROUTES.cloud.systems, async (req) => ok(await service.system(req.query)));
    serve(fastify, ROUTES.cloud.availability, async (req) =>
      ok(await service.availability(userIdOf(req), req.body)),
    );
    serve(fastify, ROUTES.cloud.start, async (req) =>
      ok(shownAt(req, await service.start(accessOf(req, 'cloud.canUseCloud'), req.body))),
    );
    serve(fastify, ROUTES.cloud.extend, async (req) =>
      ok(shownAt(req, await service.extend(userIdOf(req), req.body))),
    );
    serve(fastify, ROUTES.cloud.end, async (req) => ok(await service.end(userIdOf(req), req.body)));
    serve(fastify, ROUTES.cloud.queue, async (req) => ok(await service.queue(userIdOf(req), req.body)));
    serve(fastify, ROUTES.cloud.cancelQueue, async (req) =>
      ok(await service.cancelQueue(userIdOf(req), req.body.cloud_resource_queue_id)),
    );
    serve(fastify, ROUTES.cloud.connector, async (req) => ok(await access.connector(req.query.os)));
    serve(fastify, ROUTES.cloud.connectionFile, async (req) =>
      ok(await access.connectionFile(userIdOf(req), req.query.cloud_id, publicOrigin(req, ctx.config))),
    );
    serve(fastify, ROUTES.cloud.launch, async (req) =>
      ok(await access.launch(userIdOf(req), req.body.cloud_id)),
    );
    serve(fastify, ROUTES.cloud.errorTypes, async (req) =>
      ok(await access.errorTypes(userIdOf(req), req.query.cloud_assignment_db_id)),
    );
    serve(fastify, ROUTES.cloud.report, async (req) => ok(await access.report(userIdOf(req), req.body)));
    serve(fastify, ROUTES.cloud.time, async (req) => {
      const answer = await service.time(userIdOf(req));
      return ok({ ...answer, session: answer.session && shownAt(req, answer.session) });
    });
    serve(fastify, ROUTES.cloud.adminReports, async () => ok(await admin.reports()));
    serve(fastify, ROUTES.cloud.adminHandleReport, async (req) =>
      ok(await admin.handle(userIdOf(req), req.body.report_db_id)),
    );
    serve(fastify, ROUTES.cloud.adminMachines, async () => ok(await admin.machines()));
    serve(fastify, ROUTES.cloud.adminAddMachine, async (req) =>
      ok(await admin.addMachine(userIdOf(req), req.body, publicOrigin(req, ctx.config))),
    );
    serve(fastify, ROUTES.cloud.adminMachineKey, async (req) =>
      ok(await admin.rotateKey(userIdOf(req), req.body.machine_db_id, publicOrigin(req, ctx.config))),
    );
    serve(fastify, ROUTES.cloud.adminCatalogue, async () => ok(await admin.catalogue()));
    serve(fastify, ROUTES.cloud.adminSaveCatalogue, async (req) =>
      ok(await admin.saveCatalogue(userIdOf(req), req.body.catalogue)),
    );
    serve(fastify, ROUTES.cloud.adminRemoveMachine, async (req) =>
      ok(await admin.removeMachine(userIdOf(req), req.body.machine_db_id)),
    );
  };
}
