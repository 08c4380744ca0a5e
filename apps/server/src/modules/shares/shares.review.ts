import { and, desc, eq, exists, gt, isNull, or, sql } from 'drizzle-orm';
import { MSG, REVIEW_PLAYLIST_TEXT, reviewFileUrl, type ReviewAnswer, type ReviewKey } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  assetShares,
  shareLinkItems,
  shareLinkAttempts,
  shareLinkGrants,
  shareLinkRecipients,
  shareLinkViews,
  shareLinks,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { verifyPassword } from '../../platform/auth/password.ts';
import { randomToken, sha256 } from '../../platform/auth/secrets.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import type { ByteRange } from '../../platform/blobs/index.ts';
import { openAssetBytes, pageImageKey } from '../media/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { teamOfProject } from '../projects/index.ts';
import { claimInvitedShares } from './shares.service.ts';
import { presentStack, versionToShow } from './versions.service.ts';
import { itemRootsOf, presentItems, rootToShow } from './shares.reviewItems.ts';
import { createWatermarkService, isWatermarked, openStoredBytes } from './shares.watermark.ts';
import { isMemberOfProject } from './shares.policy.ts';

export type LinkRow = typeof shareLinks.$inferSelect;

/** Per address: 5 free wrong tries, then a wait doubling from 1 s up to 15 minutes. */
const FREE_TRIES = 5;
const MAX_WAIT_S = 900;
/** Per link: at most this many passcode tries a minute from people who are not its recipients. */
export const LINK_TRIES_PER_MINUTE = 30;
const GRANT_HOURS = 12;

export const grantCookie = (linkId: string) => `rushes_review_${linkId.replace(/-/g, '')}`;

const expired = (l: LinkRow) => l.revokedAt !== null || l.expiresAt.getTime() <= Date.now();
const gone = () => new AppError(MSG.shareExpired, { status: 410 });
const wait = () => new AppError(MSG.passcodeWait, { status: 429 });

/** Who is opening a link: the logged-in user if any, the client address, the grant cookies. */
export interface Viewer {
  userId: string | null;
  address: string;
  cookies: Record<string, string | undefined>;
}

/** A guest is the link itself; a signed-in viewer is who they are (from the request). */
const viewerActor = (viewer: Viewer): AuditActor | undefined =>
  viewer.userId ? undefined : { id: null, kind: 'share_link' };

/** Views within this long of the same viewer's previous view of a link are one visit (one audit entry). */
const VISIT_GAP = sql`interval '30 minutes'`;

/**
 * The public review link: the 256-bit token names a link (only its SHA-256 is stored);
 * a passcode gate slowed per link and per address; grants in cookies; views recorded.
 */
export function createReviewService(ctx: AppContext) {
  const { db, blobs, events } = ctx;
  const emailOfUser = async (userId: string) => {
    const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return u?.email ?? null;
  };
  const watermark = createWatermarkService(ctx, emailOfUser);

  /** The link, and for a tray card the asset it was shared for (shown first). */
  async function linkOf(
    key: ReviewKey,
    viewer: Viewer,
  ): Promise<{ link: LinkRow; preferred?: string } | null> {
    if (key.shared_asset) {
      const card = viewer.userId ? await linkOfTrayCard(db, viewer.userId, key.shared_asset) : null;
      return card && { link: card.link, preferred: card.assetId };
    }
    if (!key.shared_link) return null;
    const [link] = await db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.tokenHash, sha256(key.shared_link)))
      .limit(1);
    return link ? { link } : null;
  }

  async function isRecipient(link: LinkRow, userId: string | null) {
    if (!userId) return false;
    const [row] = await db
      .select({ id: shareLinkRecipients.id })
      .from(shareLinkRecipients)
      .where(and(eq(shareLinkRecipients.linkId, link.id), eq(shareLinkRecipients.userId, userId)))
      .limit(1);
    return Boolean(row);
  }

  /** Members of the project and holders of a live grant pass the passcode gate. */
  async function passes(link: LinkRow, viewer: Viewer) {
    if (!link.passcodeHash) return true;
    if (await isMemberOfProject(db, viewer.userId, link.projectId)) return true;
    const grant = viewer.cookies[grantCookie(link.id)];
    if (!grant) return false;
    const [row] = await db
      .select({ h: shareLinkGrants.grantHash })
      .from(shareLinkGrants)
      .where(
        and(
          eq(shareLinkGrants.grantHash, sha256(grant)),
          eq(shareLinkGrants.linkId, link.id),
          gt(shareLinkGrants.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  /**
   * An open link the viewer passed, else 410 (expired, revoked, unknown) or 403 (passcode); with
   * the file shown: the asked version when the link holds its stack (404 when it does not, so no
   * other file of the project is reached through the link), else the newest of its first file.
   */
  async function openLink(token: ReviewKey, viewer: Viewer) {
    const found = await linkOf(token, viewer);
    if (!found || expired(found.link)) throw gone();
    const { link } = found;
    if (!(await passes(link, viewer))) throw forbidden(MSG.wrongPasscode);
    const root = await rootToShow(db, link, token.ingest_db_id, found.preferred);
    if (!root) throw notFound(token.ingest_db_id ? REVIEW_PLAYLIST_TEXT.notInLink : MSG.notFound);
    const { stack, chosen } = await versionToShow(db, root, token.ingest_db_id);
    if (!chosen || chosen.asset.isFolder) throw notFound(MSG.notFound);
    return { link, asset: chosen.asset, stack };
  }

  return {
    openLink,
    watermark,

    /** What the link shows; a view is recorded unless it is the page refreshing itself (`again`). */
    async show(token: ReviewKey & { again?: '1' }, viewer: Viewer): Promise<ReviewAnswer> {
      const found = await linkOf(token, viewer);
      if (!found || expired(found.link)) return { state: 'expired' };
      const { link, preferred } = found;
      // a file the link no longer holds (gone from its folder) shows its first one; an empty folder itself
      const root =
        (await rootToShow(db, link, token.ingest_db_id, preferred)) ??
        (await rootToShow(db, link, undefined, preferred)) ??
        link.assetId;
      const { stack, chosen } = await versionToShow(db, root, token.ingest_db_id);
      if (!chosen) return { state: 'expired' };
      const asset = chosen.asset;
      if (!(await passes(link, viewer))) return { state: 'passcode', title: link.title ?? asset.title };
      if (!token.again)
        await events.transaction(db, async (tx, emit) => {
          const addressHash = sha256(viewer.address);
          // At most one 'opened' entry per link per visit: a signed-in viewer by account, a guest by
          // address; the lock makes two tabs opening at once count once.
          const who = viewer.userId ?? addressHash;
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${link.id}:${who}`}, 0))`);
          const [recent] = await tx
            .select({ id: shareLinkViews.id })
            .from(shareLinkViews)
            .where(
              and(
                eq(shareLinkViews.linkId, link.id),
                viewer.userId
                  ? eq(shareLinkViews.userId, viewer.userId)
                  : eq(shareLinkViews.addressHash, addressHash),
                gt(shareLinkViews.viewedAt, sql`now() - ${VISIT_GAP}`),
              ),
            )
            .limit(1);
          if (!recent)
            await recordAudit(tx, {
              teamId: await teamOfProject(tx, link.projectId),
              action: 'shares.link_opened',
              actor: viewerActor(viewer),
              target: { type: 'share_link', id: link.id, label: link.title ?? asset.title },
            });
          await tx.insert(shareLinkViews).values({
            linkId: link.id,
            userId: viewer.userId,
            addressHash: sha256(viewer.address),
          });
          emit('share.opened', { linkId: link.id, assetId: asset.id, projectId: link.projectId });
          if (viewer.userId) {
            const [u] = await tx
              .select({ id: users.id, email: users.email })
              .from(users)
              .where(eq(users.id, viewer.userId));
            if (u) await claimInvitedShares(tx, emit, u);
          }
        });
      const [sharer] = link.createdBy
        ? await db.select().from(users).where(eq(users.id, link.createdBy))
        : [];
      const playable =
        asset.proxyKey !== null || (asset.mimeType !== null && /^(image|video|audio)\//.test(asset.mimeType));
      const roots = link.kind === 'asset' ? [] : await itemRootsOf(db, link);
      const key = { ...token, again: undefined };
      return {
        state: 'open',
        ingest_db_id: asset.id,
        title: asset.title,
        file_type: asset.fileType,
        duration: asset.durationSeconds,
        frame_rate: asset.frameRate,
        play_url: !playable
          ? null
          : isWatermarked(link, asset)
            ? await watermark.playUrl(key, link, asset, viewer)
            : reviewFileUrl(token, 'play', asset.id),
        thumbnail: asset.thumbnailKey ? reviewFileUrl(token, 'thumbnail', asset.id) : null,
        download_url:
          link.isDownloadAllowed && asset.blobKey ? reviewFileUrl(token, 'original', asset.id) : null,
        shared_by: sharer ? `${sharer.firstName} ${sharer.lastName}`.trim() : '',
        expires_on: link.expiresAt.toISOString(),
        version: chosen.version,
        versions: presentStack(stack),
        page_count: asset.pageCount,
        kind: link.kind,
        link_title: link.title,
        items: await presentItems(db, key, roots),
        current_item: link.kind === 'asset' ? null : roots.indexOf(root) < 0 ? null : roots.indexOf(root),
        watermark: link.watermark,
        viewer_email: link.watermark ? await watermark.viewerEmail(link, viewer) : null,
      };
    },

    /**
     * The passcode gate. Per address: FREE_TRIES wrong tries, then a doubling wait (answered 429
     * without checking). Per link: at most LINK_TRIES_PER_MINUTE tries a minute from anyone who is
     * not a named recipient. Members never meet the gate, so nobody outside can lock its owner out.
     * A right passcode answers a grant (the caller sets it as a cookie).
     */
    async unlock(token: ReviewKey, passcode: string, viewer: Viewer) {
      const link = (await linkOf(token, viewer))?.link;
      if (!link || expired(link)) throw gone();
      if (!link.passcodeHash) return { grant: null, link };
      const addressHash = sha256(viewer.address);
      const [attempt] = await db
        .select()
        .from(shareLinkAttempts)
        .where(and(eq(shareLinkAttempts.linkId, link.id), eq(shareLinkAttempts.addressHash, addressHash)));
      if (attempt && attempt.nextAllowedAt.getTime() > Date.now()) throw wait();
      if (!(await isRecipient(link, viewer.userId))) {
        const [counted] = await db
          .update(shareLinks)
          .set({
            gateWindowStart: sql`case when ${shareLinks.gateWindowStart} is null or ${shareLinks.gateWindowStart} < now() - interval '1 minute' then now() else ${shareLinks.gateWindowStart} end`,
            gateWindowCount: sql`case when ${shareLinks.gateWindowStart} is null or ${shareLinks.gateWindowStart} < now() - interval '1 minute' then 1 else ${shareLinks.gateWindowCount} + 1 end`,
          })
          .where(eq(shareLinks.id, link.id))
          .returning({ count: shareLinks.gateWindowCount });
        if (counted && counted.count > LINK_TRIES_PER_MINUTE) throw wait();
      }
      if (!(await verifyPassword(link.passcodeHash, passcode))) {
        const failures = (attempt?.failures ?? 0) + 1;
        const waitS = failures < FREE_TRIES ? 0 : Math.min(MAX_WAIT_S, 2 ** (failures - FREE_TRIES));
        const nextAllowedAt = new Date(Date.now() + waitS * 1000);
        await db
          .insert(shareLinkAttempts)
          .values({ linkId: link.id, addressHash, failures, nextAllowedAt })
          .onConflictDoUpdate({
            target: [shareLinkAttempts.linkId, shareLinkAttempts.addressHash],
            set: { failures, nextAllowedAt },
          });
        throw fieldError('passcode', MSG.wrongPasscode);
      }
      await db
        .delete(shareLinkAttempts)
        .where(and(eq(shareLinkAttempts.linkId, link.id), eq(shareLinkAttempts.addressHash, addressHash)));
      const grant = randomToken();
      const expiresAt = new Date(Math.min(link.expiresAt.getTime(), Date.now() + GRANT_HOURS * 3_600_000));
      await db.insert(shareLinkGrants).values({ grantHash: sha256(grant), linkId: link.id, expiresAt });
      return { grant, link, expiresAt };
    },

    /**
     * A file's bytes through the link: the original only when it allows download; on a watermarked
     * link the picture plays from the viewer's own copy, and without download nothing else plays.
     */
    async file(
      token: ReviewKey,
      kind: 'play' | 'original' | 'thumbnail' | 'page' | 'page_thumb',
      viewer: Viewer,
      rangeOf: (size: number) => ByteRange | 'unsatisfiable' | undefined,
      page?: number,
    ) {
      const { link, asset } = await openLink(token, viewer);
      if (kind === 'original' && !link.isDownloadAllowed) throw forbidden(MSG.downloadNotAllowed);
      const whole = rangeOf(Number.MAX_SAFE_INTEGER);
      if (
        kind === 'original' &&
        asset.blobKey &&
        (whole === undefined || (whole !== 'unsatisfiable' && whole.start === 0))
      )
        await recordAudit(db, {
          teamId: await teamOfProject(db, link.projectId),
          action: 'assets.original_downloaded',
          actor: viewerActor(viewer),
          target: { type: 'asset', id: asset.id, label: asset.title },
          detail: { share_link: link.id },
        });
      if (kind === 'page' || kind === 'page_thumb') {
        if (!asset.pagesKey || !page || page > (asset.pageCount ?? 0)) throw notFound(MSG.notFound);
        const name = `${asset.title} ${page}.jpg`;
        const key = await pageImageKey(blobs, asset.pagesKey, page, kind === 'page_thumb');
        return openStoredBytes(blobs, key, 'image/jpeg', name, rangeOf);
      }
      if (kind === 'play' && isWatermarked(link, asset)) {
        const copy = await watermark.open(link, asset, viewer, rangeOf, !link.isDownloadAllowed);
        if (copy) return copy;
      }
      if (!asset.blobKey && kind !== 'thumbnail') throw notFound(MSG.notFound);
      return openAssetBytes(blobs, asset, kind, rangeOf);
    },
  };
}

/**
 * A logged-in recipient's tray card → the newest live link holding that asset (as its one asset or
 * one of its files) they are a recipient of, and the asset.
 */
export async function linkOfTrayCard(db: DbOrTx, userId: string, shareId: string) {
  const [row] = await db
    .select({ link: shareLinks, assetId: assetShares.assetId })
    .from(assetShares)
    .innerJoin(
      shareLinks,
      or(
        eq(shareLinks.assetId, assetShares.assetId),
        exists(
          db
            .select({ one: sql`1` })
            .from(shareLinkItems)
            .where(
              and(eq(shareLinkItems.linkId, shareLinks.id), eq(shareLinkItems.assetId, assetShares.assetId)),
            ),
        ),
      ),
    )
    .innerJoin(
      shareLinkRecipients,
      and(eq(shareLinkRecipients.linkId, shareLinks.id), eq(shareLinkRecipients.userId, userId)),
    )
    .where(
      and(
        eq(assetShares.id, shareId),
        eq(assetShares.sharedWithUserId, userId),
        isNull(shareLinks.revokedAt),
      ),
    )
    .orderBy(desc(shareLinks.expiresAt))
    .limit(1);
  return row ?? null;
}
