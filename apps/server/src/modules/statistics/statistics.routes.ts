import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { serve } from '../../platform/http/serve.ts';
import { authorizeStatistics } from './statistics.policy.ts';
import {
  activityCloudUsage,
  fileStorage,
  projectCloudUsage,
  projectStorage,
  type Range,
} from './statistics.service.ts';

/**
 * Statistics (spec 002 §7) at the spec's exact paths, each answering data.data. Every route: the
 * team's admins (owners) only (statistics.policy.ts canViewStatistics).
 */
export function statisticsRoutes(ctx: AppContext) {
  const R = ROUTES.statistics;
  type Query = { team_db_id: string } & Range;
  const guarded =
    <T>(read: (db: AppContext['db'], teamId: string, range: Range) => Promise<T[]>) =>
    async (userId: string, q: Query) => {
      await authorizeStatistics(ctx.db, userId, q.team_db_id);
      return ok({ data: await read(ctx.db, q.team_db_id, q) });
    };
  const ps = guarded(projectStorage);
  const fs = guarded(fileStorage);
  const pc = guarded(projectCloudUsage);
  const ac = guarded(activityCloudUsage);
  return async (fastify: FastifyInstance) => {
    serve(fastify, R.projectStorage, (req) => ps(userIdOf(req), req.query));
    serve(fastify, R.fileStorage, (req) => fs(userIdOf(req), req.query));
    serve(fastify, R.projectCloudUsage, (req) => pc(userIdOf(req), req.query));
    serve(fastify, R.activityCloudUsage, (req) => ac(userIdOf(req), req.query));
  };
}
