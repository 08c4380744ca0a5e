import { and, eq } from 'drizzle-orm';
import { MSG } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { taskRequestUsers, taskRequests } from '../../db/schema/index.ts';
import type { FastifyRequest } from 'fastify';
import { userIdOf } from '../../platform/auth/guard.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { accessOf, stringField, type Policy } from '../../platform/policies.ts';
import { findAsset } from '../assets/index.ts';
import { authorizeProject, canViewProject, type ProjectAccess } from '../projects/index.ts';

export type { AssetRow } from '../assets/index.ts';
export type TaskRequestRow = typeof taskRequests.$inferSelect;

const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/**
 * An asset and the caller's project access: members of the asset's project only. Unknown assets
 * answer like foreign ones (403 'Asset not found'), so guessed ids reveal nothing.
 */
export async function authorizeAsset(db: DbOrTx, userId: string, assetId: string) {
  const asset = isUuid(assetId) ? await findAsset(db, assetId) : null;
  if (!asset) throw forbidden(MSG.assetNotFound);
  const access = await authorizeProject(db, userId, asset.projectId, canViewProject).catch(() => {
    throw forbidden(MSG.assetNotFound);
  });
  return { asset, access };
}

/** A request and the caller's project access (members of its project), else 403 'Request not found'. */
export async function authorizeRequest(db: DbOrTx, userId: string, requestId: string) {
  const [request] = isUuid(requestId)
    ? await db.select().from(taskRequests).where(eq(taskRequests.id, requestId)).limit(1)
    : [];
  if (!request) throw forbidden(MSG.taskRequestNotFound);
  const access: ProjectAccess = await authorizeProject(db, userId, request.projectId, canViewProject).catch(
    () => {
      throw forbidden(MSG.taskRequestNotFound);
    },
  );
  return { request, access };
}

/** Only the creator of a request removes invited people and resends invitations (spec 000 §6). */
export const canManageRequest = (request: TaskRequestRow, userId: string) => request.createdBy === userId;

/** A request and the caller's project access, as `manageRequestPolicy` loads them. */
export interface RequestAccess extends ProjectAccess {
  request: TaskRequestRow;
}

/**
 * approvals.canManageRequest (removing invited people, resending invitations), by
 * `task_request_db_id`: `authorizeRequest` (403 'Request not found' for unknown and foreign ones),
 * then the creator rule (403 MSG.onlyCreatorRemoves), once before the handler. The creator of a request
 * never changes, so the check need not run inside the write's transaction.
 */
export const manageRequestPolicy = (): Policy<RequestAccess> => ({
  reads: 'task_request_db_id',
  check: (ctx) => async (req) => {
    const userId = userIdOf(req);
    const { request, access } = await authorizeRequest(
      ctx.db,
      userId,
      stringField(req, 'task_request_db_id'),
    );
    if (!canManageRequest(request, userId)) throw forbidden(MSG.onlyCreatorRemoves);
    return { ...access, request };
  },
});

/** People asked in a request on the asset set its approval status. */
export async function isReviewerOf(db: DbOrTx, userId: string, assetId: string) {
  const [row] = await db
    .select({ id: taskRequests.id })
    .from(taskRequestUsers)
    .innerJoin(taskRequests, eq(taskRequests.id, taskRequestUsers.requestId))
    .where(and(eq(taskRequests.assetId, assetId), eq(taskRequestUsers.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** A member's access to the project of an asset, with the asset. */
export interface AssetAccess extends ProjectAccess {
  asset: NonNullable<Awaited<ReturnType<typeof findAsset>>>;
}

/**
 * projects.canViewProject on the approval routes keyed by an asset (`ingest_db_id`): `authorizeAsset`
 * run once before the handler, so unknown and foreign assets answer 403 'Asset not found' as before.
 */
export const assetPolicy = (): Policy<AssetAccess> => ({
  reads: 'ingest_db_id',
  check: (ctx) => async (req) => {
    const { asset, access } = await authorizeAsset(ctx.db, userIdOf(req), stringField(req, 'ingest_db_id'));
    return { ...access, asset };
  },
});

/**
 * approvals.isReviewerOf (setting the asset's approval status), by `ingest_db_id`: `authorizeAsset`
 * (403 'Asset not found'), then the caller must be asked in a request on the asset (403
 * MSG.onlyReviewerSetsStatus), once before the handler.
 */
export const reviewerPolicy = (): Policy<AssetAccess> => ({
  reads: 'ingest_db_id',
  check: (ctx) => async (req) => {
    const userId = userIdOf(req);
    const { asset, access } = await authorizeAsset(ctx.db, userId, stringField(req, 'ingest_db_id'));
    if (!(await isReviewerOf(ctx.db, userId, asset.id))) throw forbidden(MSG.onlyReviewerSetsStatus);
    return { ...access, asset };
  },
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'approvals.canManageRequest': RequestAccess;
    'approvals.isReviewerOf': AssetAccess;
  }
}

/** What `assetPolicy` loaded for an approval route (its registration is this module's own). */
export const assetAccessOf = (req: FastifyRequest) => accessOf(req, 'projects.canViewProject') as AssetAccess;
