import { and, asc, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { DEFAULT_FRAME_RATE, MSG, smpteTimecode, type AssetCommentsPage, type Drawing } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { afterPageNo } from '../../db/pageNo.ts';
import { assetComments, projects, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { findUnseenAssetNotification, notify, setNotificationMessage } from '../notifications/index.ts';
import './shares.events.ts';
import type { AssetRow } from './shares.policy.ts';

type CommentRow = typeof assetComments.$inferSelect;
type Row = CommentRow & { firstName: string | null; lastName: string | null };

/** A new comment notifies the asset's owner at most once per this window while unseen (batching). */
export const COMMENT_NOTIFY_BATCH_MINUTES = 10;

export interface CommentInput {
  text: string;
  comment_id?: string;
  frame?: number;
  frame_rate?: number;
  /** a range comment's last frame (the schema checks it is at or after `frame`) */
  frame_out?: number;
  page?: number;
  x?: number;
  y?: number;
  drawing?: Drawing;
}

export type CommentAuthor = { userId: string } | { guestName: string; linkId: string };

function present(r: Row) {
  const frameRate = r.frame !== null ? (r.frameRate ?? DEFAULT_FRAME_RATE) : null;
  return {
    _id: r.id,
    comment_id: r.parentId,
    ingest_db_id: r.assetId,
    text: r.text,
    frame: r.frame,
    frame_rate: frameRate,
    timecode: r.frame !== null && frameRate ? smpteTimecode(r.frame, frameRate) : null,
    frame_out: r.frame !== null ? r.frameOut : null,
    timecode_out:
      r.frame !== null && r.frameOut !== null && frameRate ? smpteTimecode(r.frameOut, frameRate) : null,
    page: r.page,
    x: r.x,
    y: r.y,
    drawing: (r.drawing as Drawing | null) ?? null,
    author: r.authorUserId
      ? { user_id: r.authorUserId, name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(), is_guest: false }
      : { user_id: null, name: r.guestName ?? '', is_guest: r.guestName !== null },
    resolved: r.resolvedAt !== null,
    created_on: r.createdAt.toISOString(),
  };
}

const selectRows = (db: DbOrTx) =>
  db
    .select({ c: assetComments, firstName: users.firstName, lastName: users.lastName })
    .from(assetComments)
    .leftJoin(users, eq(users.id, assetComments.authorUserId))
    .$dynamic();
const flat = (rows: { c: CommentRow; firstName: string | null; lastName: string | null }[]): Row[] =>
  rows.map((r) => ({ ...r.c, firstName: r.firstName, lastName: r.lastName }));

/**
 * Review comments (spec 002 §3 Asset comments). The caller has checked access to the
 * asset (a member, or a live review link): these functions only read and write its comments.
 */
export function createCommentsService(ctx: AppContext) {
  const { db, events } = ctx;

  return {
    /** Top comments in timeline order (frame, then time), page by page, each with its replies. */
    async list(asset: AssetRow, pageNo: number, perPage: number): Promise<AssetCommentsPage> {
      const top = and(eq(assetComments.assetId, asset.id), isNull(assetComments.parentId));
      const [{ total }] = await db.select({ total: count() }).from(assetComments).where(top);
      // frame, then page, unanchored last: the same order as `frame asc nulls last, page asc nulls
      // last`, as non-null keys so page_no maps onto a keyset (asset_comments_timeline_idx)
      const keys = [
        sql`coalesce(${assetComments.frame}::bigint, 2147483648)`,
        sql`coalesce(${assetComments.page}::bigint, 2147483648)`,
        sql`${assetComments.createdAt}`,
        sql`${assetComments.id}`,
      ];
      const after = afterPageNo({
        keys,
        order: 'asc',
        from: sql`${assetComments}`,
        where: top,
        pageNo,
        perPage,
      });
      const rows = flat(
        await selectRows(db)
          .where(and(top, after))
          .orderBy(...keys)
          .limit(perPage),
      );
      const ids = rows.map((r) => r.id);
      const replies = ids.length
        ? flat(
            await selectRows(db)
              .where(inArray(assetComments.parentId, ids))
              .orderBy(asc(assetComments.createdAt), asc(assetComments.id)),
          )
        : [];
      return {
        data: rows.map((r) => ({
          ...present(r),
          replies: replies.filter((x) => x.parentId === r.id).map(present),
        })),
        page_no: pageNo,
        total_entries: total,
      };
    },

    async add(asset: AssetRow, author: CommentAuthor, body: CommentInput) {
      // a point needs both coordinates; it lies on a page (a picture's only page is 1)
      if ((body.x === undefined) !== (body.y === undefined))
        throw fieldError(body.x === undefined ? 'x' : 'y', MSG.required);
      if (body.frame !== undefined && (body.x !== undefined || body.page !== undefined))
        throw fieldError('frame', MSG.commentOneAnchor);
      const page = body.page ?? (body.x !== undefined ? 1 : undefined);
      const saved = await events.transaction(db, async (tx, emit) => {
        if (body.comment_id) {
          const [parent] = await tx
            .select({ id: assetComments.id })
            .from(assetComments)
            .where(
              and(
                eq(assetComments.id, body.comment_id),
                eq(assetComments.assetId, asset.id),
                isNull(assetComments.parentId),
              ),
            );
          if (!parent) throw fieldError('comment_id', MSG.commentNotFound);
        }
        const [row] = await tx
          .insert(assetComments)
          .values({
            assetId: asset.id,
            parentId: body.comment_id ?? null,
            authorUserId: 'userId' in author ? author.userId : null,
            guestName: 'guestName' in author ? author.guestName : null,
            linkId: 'linkId' in author ? author.linkId : null,
            text: body.text,
            frame: body.frame ?? null,
            frameOut: body.frame !== undefined ? (body.frame_out ?? null) : null,
            // The asset's probed rate wins over the client's; 25 only when neither knows.
            frameRate:
              body.frame !== undefined ? (asset.frameRate ?? body.frame_rate ?? DEFAULT_FRAME_RATE) : null,
            page: page ?? null,
            x: body.x ?? null,
            y: body.y ?? null,
            drawing: body.drawing ?? null,
          })
          .returning();
        // The owner hears of new comments: once per window while the last one is unseen (batched).
        const [project] = await tx
          .select({ creator: projects.createdBy })
          .from(projects)
          .where(eq(projects.id, asset.projectId));
        const owner = asset.uploadedBy ?? project?.creator ?? null;
        const actor = 'userId' in author ? author.userId : null;
        if (owner && owner !== actor) {
          const pending = await findUnseenAssetNotification(tx, {
            userId: owner,
            assetId: asset.id,
            type: 'asset_comment',
            withinMinutes: COMMENT_NOTIFY_BATCH_MINUTES,
          });
          if (pending) {
            // batched: the unseen notification counts what came in since it was written
            const [{ n }] = await tx
              .select({ n: count() })
              .from(assetComments)
              .where(
                and(
                  eq(assetComments.assetId, asset.id),
                  gte(assetComments.createdAt, pending.createdAt),
                  sql`${assetComments.authorUserId} is distinct from ${owner}`,
                ),
              );
            await setNotificationMessage(tx, pending.id, MSG.commentsOn(Math.max(2, n), asset.title));
          } else {
            const [who] = actor ? await tx.select().from(users).where(eq(users.id, actor)) : [];
            const name = who
              ? `${who.firstName} ${who.lastName}`.trim()
              : `${'guestName' in author ? author.guestName : ''}`;
            await notify(tx, emit, {
              userIds: [owner],
              type: 'asset_comment',
              title: MSG.newCommentTitle,
              message: MSG.commentedOn(name, asset.title),
              projectId: asset.projectId,
              assetId: asset.id,
              actorUserId: actor,
            });
          }
        }
        emit('comments.changed', { assetId: asset.id, projectId: asset.projectId });
        emit('comment.added', {
          commentId: row.id,
          assetId: asset.id,
          projectId: asset.projectId,
          parentId: row.parentId,
        });
        return row;
      });
      const [row] = flat(await selectRows(db).where(eq(assetComments.id, saved.id)));
      return { message: MSG.commentAdded, comment: present(row) };
    },

    async resolve(asset: AssetRow, userId: string, commentId: string, resolved: boolean) {
      await events.transaction(db, async (tx, emit) => {
        const done = await tx
          .update(assetComments)
          .set(
            resolved
              ? { resolvedAt: sql`now()`, resolvedBy: userId }
              : { resolvedAt: null, resolvedBy: null },
          )
          .where(
            and(
              eq(assetComments.id, commentId),
              eq(assetComments.assetId, asset.id),
              isNull(assetComments.parentId),
            ),
          )
          .returning({ id: assetComments.id });
        if (done.length === 0) throw notFound(MSG.commentNotFound);
        emit('comments.changed', { assetId: asset.id, projectId: asset.projectId });
      });
      return { message: resolved ? MSG.commentResolved : MSG.commentReopened };
    },
  };
}
