import { and, eq } from 'drizzle-orm';
import { MSG, SHARE_LINKS_TEXT, settingOn, type ShareBodyParsed } from '@rushes/shared';
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
/** The project's Share Links page (list, copy, edit, new address) needs the same codes. */
export const canManageLinks: ProjectRule = (a) => canShareAssets(a);
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
 * A folder of the body's project the caller may share: unknown folders, files and folders of other
 * projects answer alike ('Folder not found'), a member without a share code MSG.cannotShare.
 */
async function authorizeSharedFolder(db: DbOrTx, userId: string, folderId: string, projectId: string) {
  const [folder] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.id, folderId), eq(assets.isFolder, true), eq(assets.projectId, projectId)))
    .limit(1);
  if (!folder) throw forbidden(SHARE_LINKS_TEXT.folderNotFound);
  const access = await loadProjectAccess(db, userId, projectId);
  if (!access) throw forbidden(SHARE_LINKS_TEXT.folderNotFound);
  if (!canShare(access)) throw forbidden(MSG.cannotShare);
  return { asset: folder, access };
}

/**
 * shares.canShare when sharing (`ingest_db_id` and `ingest_db_ids`, or `folder_db_id`): each asset
 * in turn, in the order the share answered before it moved here: a file of the caller's project
 * ('Asset not found') that the caller may share (MSG.cannotShare), in the project the body names
 * ('Asset not found'), and, when the links allow downloads, the caller's own right to download
 * originals (MSG.forbidden). A folder: authorizeSharedFolder, then the same download rule.
 */
export const sharePolicy = (): Policy<ShareAccess> => ({
  reads: 'project_db_id',
  check: (ctx) => async (req) => {
    const userId = userIdOf(req);
    // Validated (and defaulted) by the route's schema before this runs.
    const body = req.body as ShareBodyParsed;
    const downloadAllowed = settingOn(body.settings, 'is_download_allowed');
    if (body.folder_db_id) {
      const { asset, access } = await authorizeSharedFolder(
        ctx.db,
        userId,
        body.folder_db_id,
        body.project_db_id,
      );
      if (downloadAllowed && !canAllowDownload(access)) throw forbidden(MSG.forbidden);
      return { ...access, assets: [asset], link: null };
    }
    const checked: { asset: AssetRow; access: ProjectAccess }[] = [];
    for (const id of new Set([body.ingest_db_id!, ...body.ingest_db_ids])) {
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
 * A review link of a project where the caller may share (spec 002 §6 codes). Unknown links and links
 * the caller may not manage answer alike (403 MSG.linkNotFound), so guessed ids reveal nothing.
 */
async function authorizeLink(db: DbOrTx, userId: string, linkId: string) {
  const [link] = isUuid(linkId)
    ? await db.select().from(shareLinks).where(eq(shareLinks.id, linkId)).limit(1)
    : [];
  if (!link) throw forbidden(MSG.linkNotFound);
  const access = await loadProjectAccess(db, userId, link.projectId);
  if (!access || !canManageLinks(access)) throw forbidden(MSG.linkNotFound);
  return { link, access };
}

/**
 * shares.canShare when revoking a review link (`share_link_db_id`): whoever may share in the link's
 * project (a link may hold several assets or a folder). Unknown links and links the caller may not
 * revoke answer alike (403 MSG.linkNotFound).
 */
export const revokeLinkPolicy = (): Policy<ShareAccess> => ({
  reads: 'share_link_db_id',
  check: (ctx) => async (req) => {
    const { link, access } = await authorizeLink(ctx.db, userIdOf(req), stringField(req, 'share_link_db_id'));
    const [asset] = await ctx.db.select().from(assets).where(eq(assets.id, link.assetId)).limit(1);
    return { ...access, assets: asset ? [asset] : [], link };
  },
});

/** What shares.canManageLinks loaded: the project, and the link when the route names one. */
export interface LinksAccess extends ProjectAccess {
  link: ShareLinkRow | null;
}

/**
 * shares.canManageLinks on the Share Links page (`project_db_id`): members who may share in the
 * project (MSG.cannotShare for other members, 'no access' for others).
 */
export const projectLinksPolicy = (): Policy<LinksAccess> => ({
  reads: 'project_db_id',
  check: (ctx) => async (req) => {
    const access = await authorizeProject(
      ctx.db,
      userIdOf(req),
      stringField(req, 'project_db_id'),
      () => true,
    );
    if (!canManageLinks(access)) throw forbidden(MSG.cannotShare);
    return { ...access, link: null };
  },
});

/** shares.canManageLinks on one link (`share_link_db_id`): as revoking it. */
export const manageLinkPolicy = (): Policy<LinksAccess> => ({
  reads: 'share_link_db_id',
  check: (ctx) => async (req) => {
    const { link, access } = await authorizeLink(ctx.db, userIdOf(req), stringField(req, 'share_link_db_id'));
    return { ...access, link };
  },
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'shares.canShare': ShareAccess;
    'shares.canManageLinks': LinksAccess;
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
