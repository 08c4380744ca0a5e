import type { FastifyInstance } from 'fastify';
import { CLOUD_AGENT_TEXT, CLOUD_SETTINGS_MAX_BYTES, ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { ok } from '../../platform/http/envelope.ts';
import { requestOrigin } from '../../platform/http/requestOrigin.ts';
import { serve } from '../../platform/http/serve.ts';
import { accessOf } from '../../platform/policies.ts';
import { rememberServer } from './cloud.agent.lifecycle.ts';
import { createCloudAgent } from './cloud.agent.ts';
import { createCloudHealth } from './cloud.health.ts';
import { createPoolAgent } from './cloud.poolAgent.ts';

/**
 * The workstation agent's routes (cloud.agent.ts says who may: the session's own agent token), the
 * pool workstations' lease (their machine key, cloud.poolAgent.ts) and the platform admin's provider
 * health.
 */
export function cloudAgentRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const agent = createCloudAgent(ctx, fastify.log);
    const health = createCloudHealth(ctx, fastify.log);
    const pool = createPoolAgent(ctx, fastify);
    // the local provider's agents reach this server on the port it really listens on
    rememberServer(ctx, fastify.server);
    const agentOf = (req: Parameters<typeof accessOf>[0]) => accessOf(req, 'cloud.isSessionAgent');
    // URLs the agent fetches are absolute on the address it reached this server by
    const originOf = (req: Parameters<typeof requestOrigin>[0]) => requestOrigin(req) ?? ctx.config.publicUrl;

    serve(fastify, ROUTES.cloudAgent.session, async (req) =>
      ok(await agent.manifest(agentOf(req), originOf(req))),
    );
    serve(fastify, ROUTES.cloudAgent.heartbeat, async (req) =>
      ok({ action: await agent.heartbeat(agentOf(req).session.id, req.body) }),
    );
    serve(fastify, ROUTES.cloudAgent.render, async (req) =>
      ok(await agent.render(agentOf(req), req.body.ingest_db_id)),
    );
    serve(fastify, ROUTES.cloudAgent.lease, async (req) => ok(await pool.lease(req, req.body)));
    serve(fastify, ROUTES.cloudAgent.adminHealth, async () => ok(await health.report()));

    // The settings archive is raw bytes: parsed as a buffer in this scope only, up to its limit.
    await fastify.register(async (raw) => {
      raw.addContentTypeParser(
        'application/octet-stream',
        { parseAs: 'buffer', bodyLimit: CLOUD_SETTINGS_MAX_BYTES },
        (_req, body, done) => done(null, body),
      );
      serve(raw, ROUTES.cloudAgent.settings, async (req) => {
        const body = req.body as unknown;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(CLOUD_AGENT_TEXT.settingsEmpty);
        return ok(await agent.saveSettings(agentOf(req), body));
      });
    });
  };
}
