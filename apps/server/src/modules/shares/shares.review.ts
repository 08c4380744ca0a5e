import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG, reviewFileUrl, type ReviewAnswer, type ReviewKey } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  assetShares,
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
import { openAssetBytes } from '../media/index.ts';
import { claimInvitedShares } from './shares.service.ts';
import { presentStack, versionToShow } from './versions.service.ts';
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

/**
 * The public review link: the 256-bit token names a link (only its SHA-256 is stored);
 * a passcode gate slowed per link and per address; grants in cookies; views recorded.
 */
export function createReviewService(ctx: AppContext) {
  const { db, blobs, events } = ctx;

  async function linkOf(key: ReviewKey, viewer: Viewer): Promise<LinkRow | null> {
    if (key.shared_asset) return viewer.userId ? linkOfTrayCard(db, viewer.userId, key.shared_asset) : null;
    if (!key.shared_link) return null;
    const [link] = await db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.tokenHash, sha256(key.shared_link)))
      .limit(1);
    return link ?? null;
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
   * the version shown (the asked one of its stack, else the newest).
   */
  async function openLink(token: ReviewKey, viewer: Viewer) {
    const link = await linkOf(token, viewer);
    if (!link || expired(link)) throw gone();
    if (!(await passes(link, viewer))) throw forbidden(MSG.wrongPasscode);
    const { stack, chosen } = await versionToShow(db, link.assetId, token.ingest_db_id);
    if (!chosen) throw gone();
    return { link, asset: chosen.asset, stack };
  }

  return {
    openLink,

    /** What the link shows; a view is recorded unless it is the page refreshing itself (`again`). */
    async show(token: ReviewKey & { again?: '1' }, viewer: Viewer): Promise<ReviewAnswer> {
      const link = await linkOf(token, viewer);
      if (!link || expired(link)) return { state: 'expired' };
      const { stack, chosen } = await versionToShow(db, link.assetId, token.ingest_db_id);
      if (!chosen) return { state: 'expired' };
      const asset = chosen.asset;
      if (!(await passes(link, viewer))) return { state: 'passcode', title: asset.title };
      if (!token.again)
        await events.transaction(db, async (tx, emit) => {
          await tx.insert(shareLinkViews).values({
            linkId: link.id,
            userId: viewer.userId,
            addressHash: sha256(viewer.address),
          });
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
      return {
        state: 'open',
        ingest_db_id: asset.id,
        title: asset.title,
        file_type: asset.fileType,
        duration: asset.durationSeconds,
        frame_rate: asset.frameRate,
        play_url: playable ? reviewFileUrl(token, 'play', asset.id) : null,
        thumbnail: asset.thumbnailKey ? reviewFileUrl(token, 'thumbnail', asset.id) : null,
        download_url:
          link.isDownloadAllowed && asset.blobKey ? reviewFileUrl(token, 'original', asset.id) : null,
        shared_by: sharer ? `${sharer.firstName} ${sharer.lastName}`.trim() : '',
        expires_on: link.expiresAt.toISOString(),
        version: chosen.version,
        versions: presentStack(stack),
      };
    },

    /**
     * The passcode gate. Per address: FREE_TRIES wrong tries, then a doubling wait (answered 429
     * without checking). Per link: at most LINK_TRIES_PER_MINUTE tries a minute from anyone who is
     * not a named recipient. Members never meet the gate, so nobody outside can lock its owner out.
     * A right passcode answers a grant (the caller sets it as a cookie).
     */
    async unlock(token: ReviewKey, passcode: string, viewer: Viewer) {
      const link = await linkOf(token, viewer);
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

    async file(
      token: ReviewKey,
      kind: 'play' | 'original' | 'thumbnail',
      viewer: Viewer,
      rangeOf: (size: number) => ByteRange | 'unsatisfiable' | undefined,
    ) {
      const { link, asset } = await openLink(token, viewer);
      if (kind === 'original' && !link.isDownloadAllowed) throw forbidden(MSG.downloadNotAllowed);
      if (!asset.blobKey && kind !== 'thumbnail') throw notFound(MSG.notFound);
      return openAssetBytes(blobs, asset, kind, rangeOf);
    },
  };
}

/** A logged-in recipient's tray card → the newest live link of that asset they are a recipient of. */
export async function linkOfTrayCard(db: DbOrTx, userId: string, shareId: string) {
  const [row] = await db
    .select({ link: shareLinks })
    .from(assetShares)
    .innerJoin(shareLinks, eq(shareLinks.assetId, assetShares.assetId))
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
  return row?.link ?? null;
}
