import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { serve } from '../../platform/http/serve.ts';
import {
  activityCloudUsage,
  fileStorage,
  projectCloudUsage,
  projectStorage,
  type Range,
} from './statistics.service.ts';

/**
 * Statistics (spec 002 §7) at the spec's exact paths, each answering data.data. Every route: the
 * team's admins (owners) only: the policy statistics.canViewStatistics, checked before the handler.
 */
export function statisticsRoutes(ctx: AppContext) {
  const R = ROUTES.statistics;
  type Query = { team_db_id: string } & Range;
  const guarded =
    <T>(read: (db: AppContext['db'], teamId: string, range: Range) => Promise<T[]>) =>
    async (q: Query) =>
      ok({ data: await read(ctx.db, q.team_db_id, q) });
  const ps = guarded(projectStorage);
  const fs = guarded(fileStorage);
  const pc = guarded(projectCloudUsage);
  const ac = guarded(activityCloudUsage);
  return async (fastify: FastifyInstance) => {
    serve(fastify, R.projectStorage, (req) => ps(req.query));
    serve(fastify, R.fileStorage, (req) => fs(req.query));
    serve(fastify, R.projectCloudUsage, (req) => pc(req.query));
    serve(fastify, R.activityCloudUsage, (req) => ac(req.query));
  };
}
