import { and, eq } from 'drizzle-orm';
import { integrationShares } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { findFileAsset } from '../assets/index.ts';
import { finishItem, pendingItems, registerTransferRunner, type TransferRun } from '../transfers/index.ts';
import { createSprinklrClient } from './sprinklr.client.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const POLL_MS = 500;
const MAX_POLLS = 240;
/** Sprinklr's importType by our file type (the docs show VIDEO; the others are its asset types). */
const IMPORT_TYPES: Record<string, string> = { video: 'VIDEO', image: 'IMAGE', audio: 'AUDIO' };

/**
 * Share runner: each asset goes to Sprinklr's asset manager by URL (a time-limited signed link to
 * the original, absolute on PUBLIC_URL), the upload task is polled until it completes, and the
 * asset is created with the campaign id. The Sprinklr asset id is kept on the share row.
 */
function shareRunner(ctx: AppContext) {
  const api = createSprinklrClient(ctx);
  return async ({ transfer, checkCancelled }: TransferRun) => {
    const env = String(transfer.options.environment);
    const campaignId = String(transfer.options.campaign_id);
    for (const item of await pendingItems(ctx.db, transfer.id)) {
      await checkCancelled();
      const asset = await findFileAsset(ctx.db, item.source);
      if (!asset?.blobKey) throw new Error(`asset ${item.title} is no longer in the project`);
      const signed = await ctx.blobs.signGetUrl(asset.blobKey, {
        expiresInSeconds: 3600,
        filename: asset.title,
      });
      const url = new URL(signed, ctx.config.PUBLIC_URL).toString();
      const task = await api.uploadFromUrl(env, {
        url,
        importType: IMPORT_TYPES[asset.fileType] ?? 'FILE',
        trackerId: item.id,
      });
      let uploadId: string | undefined;
      for (let i = 0; i < MAX_POLLS && !uploadId; i++) {
        const t = await api.uploadTask(env, task.taskId);
        if (t.status === 'COMPLETED') uploadId = t.uploadId;
        else if (t.status === 'FAILED') throw new Error(`Sprinklr could not import ${asset.title}`);
        else await sleep(POLL_MS);
      }
      if (!uploadId) throw new Error(`Sprinklr is still importing ${asset.title}`);
      const created = await api.createAsset(env, {
        campaignId,
        name: asset.title,
        uploadId,
        description: `Shared from Rushes`,
      });
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(integrationShares)
          .set({ remoteId: created.id })
          .where(
            and(
              eq(integrationShares.integrationId, transfer.integrationId!),
              eq(integrationShares.assetId, asset.id),
            ),
          );
        await finishItem(tx, item, Number(asset.sizeBytes));
      });
    }
  };
}

export function registerSprinklrRunner(ctx: AppContext) {
  registerTransferRunner(ctx, 'share', shareRunner(ctx));
}
