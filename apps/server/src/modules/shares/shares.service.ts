import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { SHARED_ASSETS_TRAY, type SharedAssetsPage, type TrayQuery } from '@rushes/shared';
import type { Tx } from '../../db/client.ts';
import { assetShares, shareLinkRecipients, shareLinks, users } from '../../db/schema/index.ts';
import { afterPageNo } from '../../db/pageNo.ts';
import type { AppContext } from '../../platform/context.ts';
import { decodeCursor, encodeCursor } from '../../platform/http/cursor.ts';
import type { Emit } from '../notifications/index.ts';
import './shares.events.ts';
import { presentCard, selectCards, sharesOfAssets } from './shares.sql.ts';

/**
 * Records that `assetId` is shared with users, by `sharedBy` (the sharing issue calls this inside its
 * transaction, after its own policy check). New recipients get the card first in their tray; a
 * recipient who already had it gets the card replaced. Answers the share ids.
 */
export async function recordShares(
  tx: Tx,
  emit: Emit,
  input: { assetId: string; userIds: string[]; sharedBy: string },
): Promise<string[]> {
  const userIds = [...new Set(input.userIds)].filter((id) => id !== input.sharedBy);
  if (userIds.length === 0) return [];
  const before = await tx
    .select({ userId: assetShares.sharedWithUserId })
    .from(assetShares)
    .where(and(eq(assetShares.assetId, input.assetId), inArray(assetShares.sharedWithUserId, userIds)));
  const had = new Set(before.map((r) => r.userId));
  const rows = await tx
    .insert(assetShares)
    .values(
      userIds.map((userId) => ({
        assetId: input.assetId,
        sharedWithUserId: userId,
        sharedByUserId: input.sharedBy,
      })),
    )
    .onConflictDoUpdate({
      target: [assetShares.assetId, assetShares.sharedWithUserId],
      set: { sharedByUserId: input.sharedBy },
    })
    .returning({ id: assetShares.id, userId: assetShares.sharedWithUserId });
  const added = rows.filter((r) => !had.has(r.userId)).map((r) => r.id);
  const renewed = rows.filter((r) => had.has(r.userId)).map((r) => r.id);
  if (added.length) emit('shares.added', { shareIds: added });
  if (renewed.length) emit('shares.updated', { shareIds: renewed });
  return rows.map((r) => r.id);
}

/**
 * Drops the shares of assets about to be deleted (the rows would cascade anyway) so each recipient's
 * tray loses the card live. Call it inside the deleting transaction with every asset of the subtree.
 */
export async function dropSharesOf(tx: Tx, emit: Emit, assetIds: string[]): Promise<void> {
  const shares = await sharesOfAssets(tx, assetIds);
  if (shares.length === 0) return;
  await tx.delete(assetShares).where(
    inArray(
      assetShares.id,
      shares.map((s) => s.shareId),
    ),
  );
  emit('shares.removed', { shares });
}

/** The 'Shared Assets' tray (spec 002 §2, §7). Who may: any logged-in user, for shares made to them. */
export function createSharesService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async tray(userId: string, q: TrayQuery): Promise<SharedAssetsPage> {
      // Shares sent to the user's e-mail before they joined land now ('Pending' until they join).
      if (!q.cursor) {
        const [me] = await db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(eq(users.id, userId));
        if (me) await ctx.events.transaction(db, (tx, emit) => claimInvitedShares(tx, emit, me));
      }
      const mine = eq(assetShares.sharedWithUserId, userId);
      const [{ total }] = await db.select({ total: count() }).from(assetShares).where(mine);
      const cursor = decodeCursor(q.cursor);
      const where = cursor
        ? and(
            mine,
            sql`(${assetShares.createdAt}, ${assetShares.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`,
          )
        : and(
            mine,
            afterPageNo({
              keys: [sql`${assetShares.createdAt}`, sql`${assetShares.id}`],
              order: 'desc',
              from: sql`${assetShares}`,
              where: mine,
              pageNo: q.page_no,
              perPage: q.entries_per_page,
            }),
          );
      const rows = await selectCards(db, where)
        .orderBy(desc(assetShares.createdAt), desc(assetShares.id))
        .limit(q.entries_per_page + 1);
      const page = rows.slice(0, q.entries_per_page);
      const last = page.at(-1);
      return {
        field: SHARED_ASSETS_TRAY,
        data: page.map(presentCard),
        total_entries: total,
        next_cursor:
          rows.length > page.length && last
            ? encodeCursor([last.createdAt.toISOString(), last.shareId])
            : null,
      };
    },
  };
}

/**
 * Invited e-mails become shares once their owner has an account (spec 002 §4 'Pending' until they
 * join): the invite rows get the user, and the assets land in their tray. Runs when they read the
 * tray or open a link while logged in.
 */
export async function claimInvitedShares(tx: Tx, emit: Emit, user: { id: string; email: string }) {
  const claimed = await tx
    .update(shareLinkRecipients)
    .set({ userId: user.id })
    .where(
      and(
        isNull(shareLinkRecipients.userId),
        eq(shareLinkRecipients.email, user.email.toLowerCase()),
        sql`not exists (select 1 from ${shareLinkRecipients} r2 where r2.link_id = ${shareLinkRecipients.linkId} and r2.user_id = ${user.id})`,
      ),
    )
    .returning({ linkId: shareLinkRecipients.linkId });
  if (claimed.length === 0) return;
  const rows = await tx
    .select({ assetId: shareLinks.assetId, createdBy: shareLinks.createdBy })
    .from(shareLinks)
    .where(
      inArray(
        shareLinks.id,
        claimed.map((c) => c.linkId),
      ),
    );
  for (const r of rows) {
    if (!r.createdBy) continue;
    await recordShares(tx, emit, { assetId: r.assetId, userIds: [user.id], sharedBy: r.createdBy });
  }
  // e-mail rows left over (a user already a recipient of that link) are dropped
  await tx
    .delete(shareLinkRecipients)
    .where(and(isNull(shareLinkRecipients.userId), eq(shareLinkRecipients.email, user.email.toLowerCase())));
}
