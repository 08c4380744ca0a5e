import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { INTEGRATION_TEXT, TRANSFER_STATUS_CODE, type Transfer, type TransferState } from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { transferItems, transfers } from '../../db/schema/index.ts';
import { afterPageNo } from '../../db/pageNo.ts';
import { textArray } from '../../db/rows.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Emit } from '../../platform/events/bus.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import { notify } from '../notifications/index.ts';
import './transfers.events.ts';
import { recordAudit } from '../audit/index.ts';

export type TransferRow = typeof transfers.$inferSelect;
export type TransferItemRow = typeof transferItems.$inferSelect;
export type TransferType = 'import' | 'export' | 'share';

export interface NewTransfer {
  teamId: string;
  projectId: string;
  integrationId: string | null;
  service: string;
  transferType: TransferType;
  title: string;
  userId: string;
  destination?: string | null;
  shareFromPs?: boolean;
  options?: Record<string, unknown>;
  items: {
    source: string;
    target: string;
    title: string;
    folderPath?: string | null;
    sizeBytes: number;
    sourceEtag?: string | null;
  }[];
}

export const transferView = (t: TransferRow): Transfer => ({
  transfer_db_id: t.id,
  project_db_id: t.projectId,
  integration_db_id: t.integrationId,
  service: t.service,
  title: t.title,
  transfer_type: t.transferType as Transfer['transfer_type'],
  status: t.status as TransferState,
  status_code: TRANSFER_STATUS_CODE[t.status as TransferState] ?? 4,
  share_from_ps: t.shareFromPs,
  reason: t.reason,
  attempts: t.attempts,
  total_items: t.totalItems,
  done_items: t.doneItems,
  total_bytes: t.totalBytes,
  done_bytes: t.doneBytes,
  destination: t.destination,
  created_by: t.createdBy,
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
});

const MAX_ATTEMPTS = 6;
/** What leaves Rushes (a bucket export, a share to Sprinklr): the audit log's exports; imports are not. */
const isExport = (row: TransferRow) => row.transferType !== 'import';
const jobKey = (id: string) => `transfer:${id}`;

/**
 * A transfer row, its items and its job, in the caller's transaction: the job exists exactly when
 * the transfer does (a crash before the commit leaves neither).
 */
export async function createTransfer(tx: Tx, emit: Emit, t: NewTransfer): Promise<TransferRow> {
  const [row] = await tx
    .insert(transfers)
    .values({
      teamId: t.teamId,
      projectId: t.projectId,
      integrationId: t.integrationId,
      service: t.service,
      transferType: t.transferType,
      title: t.title,
      createdBy: t.userId,
      destination: t.destination ?? null,
      shareFromPs: t.shareFromPs ?? false,
      options: t.options ?? {},
      totalItems: t.items.length,
      totalBytes: t.items.reduce((n, i) => n + i.sizeBytes, 0),
    })
    .returning();
  if (t.items.length)
    await tx.insert(transferItems).values(
      t.items.map((i, position) => ({
        transferId: row.id,
        position,
        source: i.source,
        target: i.target,
        title: i.title,
        folderPath: i.folderPath ?? null,
        sizeBytes: i.sizeBytes,
        sourceEtag: i.sourceEtag ?? null,
      })),
    );
  if (isExport(row))
    await recordAudit(tx, {
      teamId: row.teamId,
      action: 'exports.started',
      actor: { id: row.createdBy },
      target: { type: 'transfer', id: row.id, label: row.title },
      detail: { service: row.service, type: row.transferType, items: row.totalItems, bytes: row.totalBytes },
    });
  await enqueueJob(
    tx,
    'transfers.run',
    { transferId: row.id },
    { singletonKey: jobKey(row.id), maxAttempts: MAX_ATTEMPTS },
  );
  emit('transfer.changed', { projectId: row.projectId, transferId: row.id, status: row.status });
  return row;
}

export const findTransfer = async (db: DbOrTx, id: string) =>
  (await db.select().from(transfers).where(eq(transfers.id, id)))[0] ?? null;

export const pendingItems = (db: DbOrTx, transferId: string) =>
  db
    .select()
    .from(transferItems)
    .where(and(eq(transferItems.transferId, transferId), eq(transferItems.status, 'pending')))
    .orderBy(asc(transferItems.position));

/**
 * Of `uploadIds` (store multipart uploads), those a transfer that may still run (queued or in
 * progress) holds for an item not done: the uploads sweep keeps them (a finished, failed or
 * cancelled one's are freed). One statement for the sweep's whole batch, on transfer_items_upload_idx.
 */
export async function transferHeldUploads(db: DbOrTx, uploadIds: readonly string[]) {
  if (!uploadIds.length) return new Set<string>();
  const rows = await db
    .selectDistinct({ uploadId: transferItems.uploadId })
    .from(transferItems)
    .innerJoin(transfers, eq(transfers.id, transferItems.transferId))
    .where(
      and(
        sql`${transferItems.uploadId} = any(${textArray(uploadIds)})`,
        eq(transferItems.status, 'pending'),
        inArray(transfers.status, ['queued', 'in_progress']),
      ),
    );
  return new Set(rows.map((r) => r.uploadId!));
}

/** Records the parts of a multipart write sent so far (and their bytes), so a restart continues. */
export async function saveItemParts(
  db: DbOrTx,
  item: { id: string; transferId: string },
  uploadId: string | null,
  parts: { PartNumber: number; ETag: string }[],
  addBytes: number,
) {
  // One transaction: a crash between the two would leave a part recorded whose bytes were never
  // counted (a restart skips it), and the transfer short of its size for good.
  await db.transaction(async (tx) => {
    await tx.update(transferItems).set({ uploadId, parts }).where(eq(transferItems.id, item.id));
    if (addBytes)
      await tx
        .update(transfers)
        .set({ doneBytes: sql`${transfers.doneBytes} + ${addBytes}`, updatedAt: new Date() })
        .where(eq(transfers.id, item.transferId));
  });
}

/** Marks an item done in `tx` (with the caller's other writes, e.g. the imported asset). */
export async function finishItem(tx: DbOrTx, item: TransferItemRow, addBytes: number) {
  const [mine] = await tx
    .update(transferItems)
    .set({ status: 'done' })
    .where(and(eq(transferItems.id, item.id), eq(transferItems.status, 'pending')))
    .returning({ id: transferItems.id });
  if (!mine) return false;
  await tx
    .update(transfers)
    .set({
      doneItems: sql`${transfers.doneItems} + 1`,
      doneBytes: sql`${transfers.doneBytes} + ${addBytes}`,
      updatedAt: new Date(),
    })
    .where(eq(transfers.id, item.transferId));
  return true;
}

export function createTransfersService(ctx: AppContext) {
  const { db, events } = ctx;

  async function setStatus(id: string, status: TransferState, extra: Partial<TransferRow> = {}) {
    return events.transaction(db, async (tx, emit) => {
      const [row] = await tx
        .update(transfers)
        .set({ status, updatedAt: new Date(), ...extra })
        .where(eq(transfers.id, id))
        .returning();
      if (!row) return row;
      emit('transfer.changed', { projectId: row.projectId, transferId: id, status });
      if ((status === 'finished' || status === 'failed') && isExport(row))
        await recordAudit(tx, {
          teamId: row.teamId,
          action: 'exports.finished',
          actor: { id: row.createdBy },
          target: { type: 'transfer', id: row.id, label: row.title },
          detail: {
            service: row.service,
            type: row.transferType,
            outcome: status,
            ...(row.reason ? { reason: row.reason } : {}),
          },
        });
      // The person who started it hears how it ended, in the transaction that ends it (spec 002 §4:
      // the web refetches notifications 1 s after an export or a share; this is what it finds).
      if (status === 'finished' || status === 'failed')
        await notify(tx, emit, {
          userIds: [row.createdBy],
          type: 'transfer',
          title: INTEGRATION_TEXT.transfers,
          message:
            status === 'finished'
              ? INTEGRATION_TEXT.transferFinished(row.title)
              : INTEGRATION_TEXT.transferFailed(row.title, row.reason),
          projectId: row.projectId,
          teamId: row.teamId,
          actorUserId: null,
        });
      return row;
    });
  }

  return {
    setStatus,

    // The routes' policies (transfers.canViewTransfers, canManageTransfer) ran before the handler.
    async list(q: { project_db_id: string; service?: string; entries_per_page: number; page_no: number }) {
      const where = and(
        eq(transfers.projectId, q.project_db_id),
        q.service && q.service !== 'all' ? eq(transfers.service, q.service) : undefined,
      );
      const rows = await db
        .select()
        .from(transfers)
        .where(
          and(
            where,
            afterPageNo({
              keys: [sql`${transfers.createdAt}`, sql`${transfers.id}`],
              order: 'desc',
              from: sql`${transfers}`,
              where,
              pageNo: q.page_no,
              perPage: q.entries_per_page,
            }),
          ),
        )
        .orderBy(desc(transfers.createdAt), desc(transfers.id))
        .limit(q.entries_per_page);
      const [{ n }] = await db.select({ n: count() }).from(transfers).where(where);
      return { transfers: rows.map(transferView), total_entries: Number(n) };
    },

    /** Cancel: a queued or running transfer stops (its runner checks between parts and items). */
    async cancel(row: TransferRow) {
      const transferId = row.id;
      if (!['queued', 'in_progress'].includes(row.status))
        throw badRequest(INTEGRATION_TEXT.transferNotCancellable);
      await events.transaction(db, async (tx, emit) => {
        await tx
          .update(transfers)
          .set({ status: 'cancelled', reason: INTEGRATION_TEXT.transferCancelled, updatedAt: new Date() })
          .where(and(eq(transfers.id, transferId), inArray(transfers.status, ['queued', 'in_progress'])));
        await ctx.jobs.cancel(tx, jobKey(transferId));
        emit('transfer.changed', { projectId: row.projectId, transferId, status: 'cancelled' });
      });
      return { message: INTEGRATION_TEXT.transferCancelled };
    },

    /** Retry: a failed transfer runs again from where it stopped (done items are kept). */
    async retry(row: TransferRow) {
      const transferId = row.id;
      if (row.status !== 'failed') throw badRequest(INTEGRATION_TEXT.transferNotRetryable);
      await events.transaction(db, async (tx, emit) => {
        await tx
          .update(transfers)
          .set({ status: 'queued', reason: null, updatedAt: new Date() })
          .where(eq(transfers.id, transferId));
        await enqueueJob(
          tx,
          'transfers.run',
          { transferId },
          { singletonKey: jobKey(transferId), maxAttempts: MAX_ATTEMPTS },
        );
        emit('transfer.changed', { projectId: row.projectId, transferId, status: 'queued' });
      });
      ctx.jobs.wake();
      return { message: INTEGRATION_TEXT.retry };
    },
  };
}
