import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { REVIEW_PLAYLIST_TEXT, reviewFileUrl, type ReviewKey, type WatermarkState } from '@rushes/shared';
import type { Tx } from '../../db/client.ts';
import { shareLinkViews, shareLinks, shareWatermarks } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Emit } from '../../platform/events/bus.ts';
import { keyedHash, safeEqual, sha256 } from '../../platform/auth/secrets.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { ByteRange } from '../../platform/blobs/index.ts';
import { enqueueBlobDeletion } from '../assets/index.ts';
import { openStoredRange, type sendMediaStream } from '../media/index.ts';
import type { AssetRow } from './shares.policy.ts';
import './shares.events.ts';

type LinkRow = typeof shareLinks.$inferSelect;
type WatermarkRow = typeof shareWatermarks.$inferSelect;
type Opened = Parameters<typeof sendMediaStream>[1];

/** Who asks: the logged-in user, and the cookies that may carry an e-mail given earlier. */
export interface WatermarkViewer {
  userId: string | null;
  address: string;
  cookies: Record<string, string | undefined>;
}

/** The signed cookie binding an anonymous viewer to the e-mail they gave for a link. */
export const viewerCookie = (linkId: string) => `rushes_viewer_${linkId.replace(/-/g, '')}`;

/** Pictures get a burned-in copy; audio has none to burn into and plays as it is. */
export const isWatermarked = (link: LinkRow, asset: AssetRow) =>
  link.watermark && (asset.fileType === 'video' || asset.fileType === 'image');

const notReady = () => new AppError(REVIEW_PLAYLIST_TEXT.notReady, { status: 403 });

/** Reads stored bytes (the watermarked copy, a PDF page) the way the player's route does. */
export async function openStoredBytes(
  blobs: AppContext['blobs'],
  key: string,
  contentType: string,
  filename: string,
  rangeOf: (size: number) => ByteRange | 'unsatisfiable' | undefined,
): Promise<Opened> {
  const opened = await openStoredRange(blobs, key, rangeOf);
  if ('unsatisfiable' in opened) return opened;
  return { object: opened.object, range: opened.range, contentType, inline: true, filename };
}

/**
 * Watermarked review links: the viewer's e-mail (their account's, else the one they gave, kept in
 * a cookie signed with the server secret) and their copy of each file, made once per link, file
 * and e-mail by the 'shares.watermark' job. Callers opened the link first (gate passed).
 */
export function createWatermarkService(
  ctx: AppContext,
  emailOfUser: (userId: string) => Promise<string | null>,
) {
  const { db, blobs, jobs, secret } = ctx;
  const sign = (linkId: string, email: string) => keyedHash(secret, `review_viewer:${linkId}:${email}`);

  async function viewerEmail(link: LinkRow, viewer: WatermarkViewer): Promise<string | null> {
    const own = viewer.userId ? await emailOfUser(viewer.userId) : null;
    if (own) return own.toLowerCase();
    const raw = viewer.cookies[viewerCookie(link.id)];
    const dot = raw?.lastIndexOf('.') ?? -1;
    if (!raw || dot < 1) return null;
    const email = Buffer.from(raw.slice(0, dot), 'base64url').toString('utf8');
    return safeEqual(raw.slice(dot + 1), sign(link.id, email)) ? email : null;
  }

  async function copyOf(link: LinkRow, asset: AssetRow, email: string): Promise<WatermarkRow | null> {
    const [row] = await db
      .select()
      .from(shareWatermarks)
      .where(
        and(
          eq(shareWatermarks.linkId, link.id),
          eq(shareWatermarks.assetId, asset.id),
          eq(shareWatermarks.viewerEmail, email),
        ),
      );
    return row ?? null;
  }

  const stateOf = (
    key: ReviewKey,
    asset: AssetRow,
    email: string | null,
    row: WatermarkRow | null,
  ): WatermarkState => ({
    status: row?.status ?? 'none',
    viewer_email: email,
    play_url:
      row?.status === 'ready'
        ? `${reviewFileUrl(key, 'play', asset.id)}&v=${row.id.replace(/-/g, '')}`
        : null,
  });

  return {
    viewerEmail,

    /** The address of the viewer's ready copy, else null (the page waits for it). */
    async playUrl(key: ReviewKey, link: LinkRow, asset: AssetRow, viewer: WatermarkViewer) {
      const email = await viewerEmail(link, viewer);
      const row = email ? await copyOf(link, asset, email) : null;
      return stateOf(key, asset, email, row).play_url;
    },

    async state(key: ReviewKey, link: LinkRow, asset: AssetRow, viewer: WatermarkViewer) {
      const email = await viewerEmail(link, viewer);
      const row = email && isWatermarked(link, asset) ? await copyOf(link, asset, email) : null;
      return stateOf(key, asset, email, row);
    },

    /**
     * Starts the viewer's copy of the file shown (idempotent: an existing one is answered, a failed
     * one tried again) and records the e-mail on their latest view of the link. Answers the cookie
     * to set when the e-mail was typed rather than known.
     */
    async start(
      key: ReviewKey,
      link: LinkRow,
      asset: AssetRow,
      viewer: WatermarkViewer,
      typed: string | undefined,
    ) {
      const known = await viewerEmail(link, viewer);
      const email = viewer.userId && known ? known : (typed ?? known);
      if (!email) throw new AppError(REVIEW_PLAYLIST_TEXT.emailRequired, { status: 400 });
      const cookie =
        known === email ? null : `${Buffer.from(email).toString('base64url')}.${sign(link.id, email)}`;
      await recordViewer(link, viewer, email, cookie !== null);
      if (!isWatermarked(link, asset)) return { state: stateOf(key, asset, email, null), cookie };
      const id = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(shareWatermarks)
          .values({ linkId: link.id, assetId: asset.id, viewerEmail: email })
          .onConflictDoNothing()
          .returning({ id: shareWatermarks.id });
        const [retried] = made
          ? []
          : await tx
              .update(shareWatermarks)
              .set({ status: 'pending' })
              .where(
                and(
                  eq(shareWatermarks.linkId, link.id),
                  eq(shareWatermarks.assetId, asset.id),
                  eq(shareWatermarks.viewerEmail, email),
                  eq(shareWatermarks.status, 'failed'),
                ),
              )
              .returning({ id: shareWatermarks.id });
        const fresh = made ?? retried;
        if (fresh)
          await jobs.enqueue(
            tx,
            'shares.watermark',
            { watermarkId: fresh.id },
            { singletonKey: `wm:${fresh.id}` },
          );
        return fresh?.id ?? null;
      });
      if (id) jobs.wake();
      return { state: stateOf(key, asset, email, await copyOf(link, asset, email)), cookie };
    },

    /**
     * The bytes a watermarked link plays: the viewer's ready copy. Without one, `required` (the link
     * allows no download) refuses with 403, since the stream without the e-mail is what the
     * watermark is there to keep; else null (the plain stream may play).
     */
    async open(
      link: LinkRow,
      asset: AssetRow,
      viewer: WatermarkViewer,
      rangeOf: (size: number) => ByteRange | 'unsatisfiable' | undefined,
      required: boolean,
    ) {
      const email = await viewerEmail(link, viewer);
      const row = email ? await copyOf(link, asset, email) : null;
      if (!row || row.status !== 'ready' || !row.blobKey) {
        if (required) throw notReady();
        return null;
      }
      const type = asset.fileType === 'image' ? 'image/jpeg' : 'video/mp4';
      return openStoredBytes(blobs, row.blobKey, type, asset.title, rangeOf);
    },
  };

  /**
   * The e-mail goes on the viewer's latest view of the link from this address; a typed one makes a
   * view when there is none to carry it (a refresh of the page is no new view).
   */
  async function recordViewer(link: LinkRow, viewer: WatermarkViewer, email: string, typed: boolean) {
    const addressHash = sha256(viewer.address);
    const latest = db
      .select({ id: shareLinkViews.id })
      .from(shareLinkViews)
      .where(
        and(
          eq(shareLinkViews.linkId, link.id),
          eq(shareLinkViews.addressHash, addressHash),
          isNull(shareLinkViews.viewerEmail),
        ),
      )
      .orderBy(desc(shareLinkViews.viewedAt))
      .limit(1);
    const updated = await db
      .update(shareLinkViews)
      .set({ viewerEmail: email })
      .where(inArray(shareLinkViews.id, latest))
      .returning({ id: shareLinkViews.id });
    if (updated.length === 0 && typed)
      await db
        .insert(shareLinkViews)
        .values({ linkId: link.id, userId: viewer.userId, addressHash, viewerEmail: email });
  }
}

/** A deleted file's watermarked copies go with it (their rows by cascade, their bytes by job). */
export async function dropWatermarksOf(tx: Tx, _emit: Emit, assetIds: string[]): Promise<void> {
  const rows = await tx
    .select({ key: shareWatermarks.blobKey })
    .from(shareWatermarks)
    .where(and(inArray(shareWatermarks.assetId, assetIds), sql`${shareWatermarks.blobKey} is not null`));
  await enqueueBlobDeletion(
    tx,
    rows.map((r) => r.key!),
  );
}

/**
 * A revoked link's copies go at once: their rows now, their bytes by job once the revoke commits (a
 * copy still being burned finds its row gone and removes what it stored, shares.watermark.job.ts).
 */
export async function dropWatermarksOfLink(tx: Tx, linkId: string): Promise<void> {
  const rows = await tx
    .delete(shareWatermarks)
    .where(eq(shareWatermarks.linkId, linkId))
    .returning({ key: shareWatermarks.blobKey });
  await enqueueBlobDeletion(
    tx,
    rows.flatMap((r) => (r.key ? [r.key] : [])),
  );
}

/**
 * A deleted project's copies: read in the deleting transaction while its links still exist (their
 * rows then go by cascade with the links), their bytes removed by job.
 */
export async function dropWatermarksOfProject(tx: Tx, projectId: string): Promise<void> {
  const rows = await tx
    .select({ key: shareWatermarks.blobKey })
    .from(shareWatermarks)
    .innerJoin(shareLinks, eq(shareLinks.id, shareWatermarks.linkId))
    .where(and(eq(shareLinks.projectId, projectId), sql`${shareWatermarks.blobKey} is not null`));
  await enqueueBlobDeletion(
    tx,
    rows.map((r) => r.key!),
  );
}
