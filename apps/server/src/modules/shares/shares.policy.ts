import { and, eq } from 'drizzle-orm';
import { MSG, settingOn, type ShareBodyParsed } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { assetComments, assets, shareLinks } from '../../db/schema/index.ts';
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
export type ShareLinkRow = typeof shareLinks.$inferSelect;
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

const anyMember: ProjectRule = () => true;

/**
 * A rule on this module's routes keyed by a file asset (`ingest_db_id`): `authorizeSharedAsset`
 * once before the handler ('Asset not found', then MSG.cannotShare when `rule` refuses). Any member
 * for projects.canViewProject; shares.canRemoveSharedUser passes its own rule.
 */
export const sharedAssetPolicy = (rule: ProjectRule = anyMember): Policy<SharedAssetAccess> => ({
  reads: 'ingest_db_id',
  check: (ctx) => async (req) => {
    const userId = userIdOf(req);
    const { asset, access } = await authorizeSharedAsset(
      ctx.db,
      userId,
      stringField(req, 'ingest_db_id'),
      rule,
    );
    return { ...access, asset };
  },
});

/**
 * projects.canViewProject when resolving a review comment (`comment_id`): the comment's asset, for
 * any member of its project. Unknown comments and comments of foreign assets answer alike (403
 * MSG.commentNotFound), so guessed ids reveal nothing.
 */
export const commentAssetPolicy = (): Policy<SharedAssetAccess> => ({
  reads: 'comment_id',
  check: (ctx) => async (req) => {
    const [comment] = await ctx.db
      .select({ assetId: assetComments.assetId })
      .from(assetComments)
      .where(eq(assetComments.id, stringField(req, 'comment_id')))
      .limit(1);
    if (!comment) throw forbidden(MSG.commentNotFound);
    const { asset, access } = await authorizeSharedAsset(
      ctx.db,
      userIdOf(req),
      comment.assetId,
      anyMember,
    ).catch(() => {
      throw forbidden(MSG.commentNotFound);
    });
    return { ...access, asset };
  },
});

/** What shares.canShare loaded: the assets being shared, or the review link being revoked. */
export interface ShareAccess extends ProjectAccess {
  /**
   * The file assets, in the request's order (`ingest_db_id`, then `ingest_db_ids`); on revoke, the
   * link's asset.
   */
  assets: AssetRow[];
  /** The review link named by `share_link_db_id` (revoke only). */
  link: ShareLinkRow | null;
}

/**
 * shares.canShare when sharing (`ingest_db_id` and `ingest_db_ids`): each asset in turn, in the order
 * the share answered before it moved here: a file of the caller's project ('Asset not found') that
 * the caller may share (MSG.cannotShare), in the project the body names ('Asset not found'), and,
 * when the links allow downloads, the caller's own right to download originals (MSG.forbidden).
 */
export const sharePolicy = (): Policy<ShareAccess> => ({
  reads: 'ingest_db_id',
  check: (ctx) => async (req) => {
    const userId = userIdOf(req);
    // Validated (and defaulted) by the route's schema before this runs.
    const body = req.body as ShareBodyParsed;
    const downloadAllowed = settingOn(body.settings, 'is_download_allowed');
    const checked: { asset: AssetRow; access: ProjectAccess }[] = [];
    for (const id of new Set([body.ingest_db_id, ...body.ingest_db_ids])) {
      const { asset, access } = await authorizeSharedAsset(ctx.db, userId, id, canShare);
      if (asset.projectId !== body.project_db_id) throw forbidden(MSG.assetNotFound);
      if (downloadAllowed && !canAllowDownload(access)) throw forbidden(MSG.forbidden);
      checked.push({ asset, access });
    }
    // Every asset is in the body's project, so one access stands for all.
    return { ...checked[0].access, assets: checked.map((c) => c.asset), link: null };
  },
});

/**
 * shares.canShare when revoking a review link (`share_link_db_id`): whoever may share the link's
 * asset. Unknown links and links the caller may not revoke answer alike (403 MSG.linkNotFound).
 */
export const revokeLinkPolicy = (): Policy<ShareAccess> => ({
  reads: 'share_link_db_id',
  check: (ctx) => async (req) => {
    const [link] = await ctx.db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.id, stringField(req, 'share_link_db_id')))
      .limit(1);
    if (!link) throw forbidden(MSG.linkNotFound);
    const { asset, access } = await authorizeSharedAsset(ctx.db, userIdOf(req), link.assetId, canShare).catch(
      () => {
        throw forbidden(MSG.linkNotFound);
      },
    );
    return { ...access, assets: [asset], link };
  },
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'shares.canShare': ShareAccess;
    'shares.canRemoveSharedUser': SharedAssetAccess;
  }
}

/**
 * What `sharedAssetPolicy` (resolving a comment: `commentAssetPolicy`) loaded for one of this
 * module's routes.
 */
export const sharedAssetOf = (req: FastifyRequest) =>
  accessOf(req, 'projects.canViewProject') as SharedAssetAccess;

/** The review link `revokeLinkPolicy` loaded (shares.canShare on the revoke route). */
export function sharedLinkOf(req: FastifyRequest): ShareLinkRow {
  const { link } = accessOf(req, 'shares.canShare');
  if (!link) throw new Error('shares.canShare loaded no review link for this route');
  return link;
}
