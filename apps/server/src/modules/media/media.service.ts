import {
  MSG,
  externalPlayerHref,
  mediaFileUrl,
  spriteAnswer,
  type MediaKind,
  type PlayerAsset,
} from '@rushes/shared';
import { isBlobError, type BlobObject, type ByteRange } from '../../platform/blobs/index.ts';
import type { FastifyRequest } from 'fastify';
import { userIdOf } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { accessOf, stringField, type Policy } from '../../platform/policies.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { iso } from '../../db/rows.ts';
import { findFileAsset, type AssetRow } from '../assets/index.ts';
import { pageImageKey } from './media.pages.ts';
import { recordAudit } from '../audit/index.ts';
import {
  authorizeProject,
  canDownloadOriginals,
  canViewProject,
  type ProjectAccess,
} from '../projects/index.ts';

/** Types a browser may render inline from our origin; anything else is a download (no stored XSS). */
const INLINE = /^(image\/(png|jpeg|gif|webp|avif)|video\/[\w.+-]+|audio\/[\w.+-]+)$/;

export interface MediaStream {
  object: BlobObject;
  range: ByteRange | undefined;
  contentType: string;
  inline: boolean;
  filename: string;
}

/** A member's access to the project of a file asset, with the asset. */
export interface MediaAccess extends ProjectAccess {
  asset: AssetRow;
}

/**
 * projects.canViewProject on the player's routes, keyed by `ingest_db_id`, once before the handler:
 * 404 for unknown ids and folders, 403 for non-members of the asset's project.
 */
export const mediaAssetPolicy = (): Policy<MediaAccess> => ({
  reads: 'ingest_db_id',
  check: (ctx) => async (req) => {
    const asset = await findFileAsset(ctx.db, stringField(req, 'ingest_db_id'));
    if (!asset) throw notFound(MSG.assetNotFound);
    const access = await authorizeProject(ctx.db, userIdOf(req), asset.projectId, canViewProject);
    return { ...access, asset };
  },
});

/** What `mediaAssetPolicy` loaded for a player route. */
export const mediaAccessOf = (req: FastifyRequest) => accessOf(req, 'projects.canViewProject') as MediaAccess;

/**
 * The player's side (spec 002 §2 /player/{id}): the asset detail and its bytes — original, proxy or
 * thumbnail — streamed from the blob store with HTTP ranges, only to members of the asset's project.
 */
export function createMediaService(ctx: AppContext) {
  const { blobs, config } = ctx;

  /** The file asset the route's policy loaded (mediaAssetPolicy), and whether originals download. */
  const visibleAsset = ({ asset, ...access }: MediaAccess) =>
    Object.assign(asset, { canDownload: canDownloadOriginals(access) });

  const external = (assetId: string, projectId: string) =>
    config.EXTERNAL_PLAYER_URL ? externalPlayerHref(config.EXTERNAL_PLAYER_URL, assetId, projectId) : null;

  return {
    playerConfig: () => ({ external_player_url: config.EXTERNAL_PLAYER_URL ?? null }),

    async asset(access: MediaAccess): Promise<PlayerAsset> {
      const a = visibleAsset(access);
      const v = String(a.updatedAt.getTime());
      const original = a.canDownload ? mediaFileUrl(a.id, 'original') : null;
      const proxy = a.proxyKey ? mediaFileUrl(a.id, 'proxy', v) : null;
      const playableOriginal = a.mimeType !== null && INLINE.test(a.mimeType);
      return {
        ingest_db_id: a.id,
        project_db_id: a.projectId,
        title: a.title,
        file_type: a.fileType,
        status: a.status,
        extension: a.extension,
        mime_type: a.mimeType,
        format: a.format,
        codec: a.codec,
        width: a.width,
        height: a.height,
        duration: a.durationSeconds,
        frame_rate: a.frameRate,
        file_size: Number(a.sizeBytes),
        created_on: iso(a.createdAt),
        play_url: proxy ?? (playableOriginal ? mediaFileUrl(a.id, 'play', v) : null),
        original_url: original,
        proxy_url: proxy,
        thumbnail: a.thumbnailKey ? mediaFileUrl(a.id, 'thumbnail', v) : null,
        external_player_url: external(a.id, a.projectId),
        page_count: a.pagesKey ? a.pageCount : null,
        sprite: a.spriteKey ? spriteAnswer(a.spriteInfo) : null,
      };
    },

    /** Opens the bytes; `range` comes from the Range header (see parseRangeHeader); `page` for kind page. */
    async open(
      access: MediaAccess,
      kind: MediaKind,
      rangeOf: (size: number) => ByteRange | 'unsatisfiable' | undefined,
      page?: number,
    ): Promise<MediaStream | { unsatisfiable: number }> {
      const a = visibleAsset(access);
      // Downloads of originals need download_all_assets; watching streams 'play'.
      if (kind === 'original' && !a.canDownload) throw forbidden(MSG.downloadNotAllowed);
      const opened = await openAssetBytes(blobs, a, kind, rangeOf, page);
      // One entry per download: its first request (a resumed or split download asks for later ranges).
      if (kind === 'original' && !('unsatisfiable' in opened) && firstRequest(rangeOf))
        await recordAudit(ctx.db, {
          teamId: access.project.teamId,
          action: 'assets.original_downloaded',
          target: { type: 'asset', id: a.id, label: a.title },
          detail: { project: access.project.title },
        });
      return opened;
    },
  };
}

/** A download's first request: the whole file, or a range from its first byte. */
export const firstRequest = (rangeOf: (size: number) => ByteRange | 'unsatisfiable' | undefined) => {
  const r = rangeOf(Number.MAX_SAFE_INTEGER);
  return r === undefined || (r !== 'unsatisfiable' && r.start === 0);
};

/** The stored key of a kind other than 'play' (null: not made, or a page out of range). */
function keyOf(a: AssetRow, kind: Exclude<MediaKind, 'play'>, page: number | undefined): string | null {
  switch (kind) {
    case 'original':
      return a.blobKey;
    case 'proxy':
      return a.proxyKey;
    case 'thumbnail':
      return a.thumbnailKey;
    case 'sprite':
      return a.spriteKey;
    case 'page':
    case 'page_thumb':
      return a.pagesKey && a.pageCount && page && page >= 1 && page <= a.pageCount
        ? `${a.pagesKey}/${page}.jpg`
        : null;
  }
}

/** A stored object's bytes in the asked range (404 when it is gone); also the review link's copies. */
export async function openStoredRange(
  blobs: AppContext['blobs'],
  key: string,
  rangeOf: (size: number) => ByteRange | 'unsatisfiable' | undefined,
): Promise<
  | { head: { size: number; contentType?: string | null }; object: BlobObject; range: ByteRange | undefined }
  | { unsatisfiable: number }
> {
  const head = await blobs.headObject(key);
  if (!head) throw notFound(MSG.notFound);
  const range = rangeOf(head.size);
  if (range === 'unsatisfiable') return { unsatisfiable: head.size };
  try {
    return { head, object: await blobs.getObject(key, range ? { range } : {}), range };
  } catch (err) {
    if (isBlobError(err, 'NoSuchKey')) throw notFound(MSG.notFound);
    if (isBlobError(err, 'InvalidRange')) return { unsatisfiable: head.size };
    throw err;
  }
}

/**
 * The bytes of an asset for a caller already allowed: 'play' is the proxy, else the original when a
 * browser plays it inline (never a download), else 404; 'page' is page `page` (from 1) of a PDF's
 * rendered pages, 'page_thumb' its small picture for the page strip. Also used by the review link
 * (shares).
 */
export async function openAssetBytes(
  blobs: AppContext['blobs'],
  a: AssetRow,
  kind: MediaKind,
  rangeOf: (size: number) => ByteRange | 'unsatisfiable' | undefined,
  page?: number,
): Promise<MediaStream | { unsatisfiable: number }> {
  const playOriginal = kind === 'play' && !a.proxyKey && a.mimeType !== null && INLINE.test(a.mimeType);
  if (kind === 'play' && !a.proxyKey && !playOriginal) throw notFound(MSG.notFound);
  const served = kind === 'play' ? (playOriginal ? 'original' : 'proxy') : kind;
  let key = keyOf(a, served, page);
  if (!key) throw notFound(MSG.notFound);
  if (served === 'page_thumb') key = await pageImageKey(blobs, a.pagesKey!, page!, true);
  const opened = await openStoredRange(blobs, key, rangeOf);
  if ('unsatisfiable' in opened) return opened;
  const { head, object, range } = opened;
  // The original's type is the one sniffed from its bytes (set by the pipeline), never the browser's.
  const contentType =
    served === 'thumbnail' || served === 'sprite' || served === 'page' || served === 'page_thumb'
      ? 'image/jpeg'
      : served === 'proxy'
        ? (head.contentType ?? 'video/mp4')
        : (a.mimeType ?? '');
  const inline = INLINE.test(contentType);
  return {
    object,
    range,
    contentType: inline ? contentType : 'application/octet-stream',
    inline,
    filename: a.title,
  };
}
