import { eq } from 'drizzle-orm';
import { INGEST_STATUS, type WebhookEvent } from '@rushes/shared';
import { assets, shareLinks, tasks, transfers } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DeliveryMeta, DomainEvents, EventName } from '../../platform/events/bus.ts';
import { teamOfProject } from '../projects/index.ts';
import { anyEndpointFor, fanOut } from './webhooks.fanout.ts';
import { nameUuid } from './webhooks.sign.ts';

/** What one domain event becomes: the webhook's type, its project, and the `data` receivers get. */
interface Source {
  type: WebhookEvent;
  projectId: string;
  data: Record<string, unknown>;
  /** Said more than once for one thing (asset processed): the id is made from this name instead. */
  onceName?: string;
}

const assetTitle = async (ctx: AppContext, id: string) =>
  (await ctx.db.select({ title: assets.title }).from(assets).where(eq(assets.id, id)))[0]?.title ?? null;

/**
 * Domain events → webhook deliveries. Each mapping is a durable subscriber: its job is enqueued in
 * the emitting transaction (a committed change is never lost), runs at least once, and makes the
 * deliveries with the event's id, so a second run makes none (endpoint, event id is unique).
 */
export function registerWebhookSources(ctx: AppContext) {
  function map<K extends EventName>(
    event: K,
    id: string,
    type: WebhookEvent,
    when: (p: DomainEvents[K]) => boolean,
    source: (p: DomainEvents[K]) => Promise<Source | null>,
  ) {
    ctx.events.on(
      event,
      async (payload: DomainEvents[K], meta?: DeliveryMeta) => {
        const s = await source(payload);
        if (!s) return;
        const teamId = await teamOfProject(ctx.db, s.projectId);
        if (!teamId) return;
        const eventId = s.onceName
          ? nameUuid(s.onceName)
          : (meta?.eventId ?? nameUuid(JSON.stringify(payload)));
        await fanOut(ctx, { teamId, eventId, type: s.type, data: { project_db_id: s.projectId, ...s.data } });
      },
      { durable: true, id, when: async (p, tx) => when(p) && (await anyEndpointFor(tx, type)) },
    );
  }

  map(
    'asset.status',
    'webhooks.asset_uploaded',
    'asset.uploaded',
    (p) => p.status === INGEST_STATUS.inqueue,
    async (p) => ({
      type: 'asset.uploaded',
      projectId: p.projectId,
      onceName: `asset.uploaded:${p.assetId}`,
      data: { ingest_db_id: p.assetId, title: await assetTitle(ctx, p.assetId) },
    }),
  );
  map(
    'asset.status',
    'webhooks.asset_processed',
    'asset.processed',
    // the sprite sheet and copies sharing the file say 'finished' again: one event per asset
    (p) => p.status === INGEST_STATUS.finished || p.status === INGEST_STATUS.previewNotAvailable,
    async (p) => ({
      type: 'asset.processed',
      projectId: p.projectId,
      onceName: `asset.processed:${p.assetId}`,
      data: {
        ingest_db_id: p.assetId,
        title: await assetTitle(ctx, p.assetId),
        preview: p.status === INGEST_STATUS.finished,
      },
    }),
  );
  map(
    'comment.added',
    'webhooks.comment_added',
    'comment.added',
    () => true,
    async (p) => ({
      type: 'comment.added',
      projectId: p.projectId,
      data: {
        comment_id: p.commentId,
        reply_to: p.parentId,
        ingest_db_id: p.assetId,
        title: await assetTitle(ctx, p.assetId),
      },
    }),
  );
  map(
    'asset.approval_changed',
    'webhooks.approval_changed',
    'approval.status_changed',
    () => true,
    async (p) => ({
      type: 'approval.status_changed',
      projectId: p.projectId,
      data: {
        ingest_db_id: p.assetId,
        title: await assetTitle(ctx, p.assetId),
        approval_status: p.approvalStatus,
      },
    }),
  );
  const taskSource =
    (type: 'task.created' | 'task.completed') => async (p: { taskId: string; projectId: string }) => {
      const [t] = await ctx.db
        .select({ description: tasks.description, taskType: tasks.taskType, status: tasks.status })
        .from(tasks)
        .where(eq(tasks.id, p.taskId));
      if (!t) return null;
      return {
        type,
        projectId: p.projectId,
        data: { task_db_id: p.taskId, task_type: t.taskType, description: t.description, status: t.status },
      };
    };
  map('task.changed', 'webhooks.task_created', 'task.created', (p) => p.created, taskSource('task.created'));
  map(
    'task.completed',
    'webhooks.task_completed',
    'task.completed',
    () => true,
    taskSource('task.completed'),
  );
  map(
    'share.opened',
    'webhooks.share_opened',
    'share.opened',
    () => true,
    async (p) => {
      const [l] = await ctx.db
        .select({ title: shareLinks.title })
        .from(shareLinks)
        .where(eq(shareLinks.id, p.linkId));
      return {
        type: 'share.opened',
        projectId: p.projectId,
        data: {
          share_link_db_id: p.linkId,
          ingest_db_id: p.assetId,
          title: l?.title ?? (await assetTitle(ctx, p.assetId)),
        },
      };
    },
  );
  map(
    'transfer.changed',
    'webhooks.export_finished',
    'export.finished',
    (p) => p.status === 'finished',
    async (p) => {
      const [t] = await ctx.db
        .select({ type: transfers.transferType, title: transfers.title, service: transfers.service })
        .from(transfers)
        .where(eq(transfers.id, p.transferId));
      if (!t || t.type !== 'export') return null;
      return {
        type: 'export.finished',
        projectId: p.projectId,
        data: { transfer_db_id: p.transferId, title: t.title, service: t.service },
      };
    },
  );
}
