import { and, eq } from 'drizzle-orm';
import { MSG } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { assets } from '../../db/schema/index.ts';
import type { FastifyRequest } from 'fastify';
import { userIdOf } from '../../platform/auth/guard.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { accessOf, stringField, type Policy } from '../../platform/policies.ts';
import {
  authorizeProject,
  canDownloadOriginals,
  canShareAssets,
  canViewProject,
  loadProjectAccess,
  type ProjectAccess,
  type ProjectRule,
} from '../projects/index.ts';

// Rules are wrapped (not aliased): projects/index.ts may still be loading when this file runs.

export type AssetRow = typeof assets.$inferSelect;
const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/**
 * A file asset of the caller's project (unknown, foreign and folder ids all answer 403 'Asset not
 * found', so guessed ids reveal nothing) and the caller's access, checked against `rule`.
 */
export async function authorizeSharedAsset(
  db: DbOrTx,
  userId: string,
  assetId: string,
  rule: ProjectRule,
): Promise<{ asset: AssetRow; access: ProjectAccess }> {
  const [asset] = isUuid(assetId)
    ? await db
        .select()
        .from(assets)
        .where(and(eq(assets.id, assetId), eq(assets.isFolder, false)))
        .limit(1)
    : [];
  if (!asset) throw forbidden(MSG.assetNotFound);
  const access = await authorizeProject(db, userId, asset.projectId, canViewProject).catch(() => {
    throw forbidden(MSG.assetNotFound);
  });
  if (!rule(access)) throw forbidden(MSG.cannotShare);
  return { asset, access };
}

/** Share with people (spec 002 §6): can_share_to_download_rushesio_assets or ..._all_assets. */
export const canShare: ProjectRule = (a) => canShareAssets(a);
/** Removing a shared user needs the same codes (spec 002 §6). */
export const canRemoveSharedUser: ProjectRule = (a) => canShareAssets(a);
/** Allowing download on a share also needs the sharer's own right to download originals. */
export const canAllowDownload: ProjectRule = (a) => canDownloadOriginals(a);

/** Members of the asset's project pass a review link's passcode gate (they may see the asset anyway). */
export async function isMemberOfProject(db: DbOrTx, userId: string | null, projectId: string) {
  if (!userId) return false;
  return (await loadProjectAccess(db, userId, projectId)) !== null;
}

/** A member's access to the project of a file asset, with the asset. */
export interface SharedAssetAccess extends ProjectAccess {
  asset: AssetRow;
}

/**
 * projects.canViewProject on this module's routes keyed by a file asset (`ingest_db_id`):
 * `authorizeSharedAsset` for any member, once before the handler ('Asset not found' as before).
 */
export const sharedAssetPolicy = (): Policy<SharedAssetAccess> => ({
  reads: 'ingest_db_id',
  check: (ctx) => async (req) => {
    const userId = userIdOf(req);
    const { asset, access } = await authorizeSharedAsset(
      ctx.db,
      userId,
      stringField(req, 'ingest_db_id'),
      () => true,
    );
    return { ...access, asset };
  },
});

/** What `sharedAssetPolicy` loaded for one of this module's routes. */
export const sharedAssetOf = (req: FastifyRequest) =>
  accessOf(req, 'projects.canViewProject') as SharedAssetAccess;
