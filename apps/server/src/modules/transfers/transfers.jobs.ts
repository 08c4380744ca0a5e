import { eq } from 'drizzle-orm';
import { transfers } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { extendLock } from '../../platform/jobs/jobStore.ts';
import type { JobData, JobHandler, JobInfo, JobLogger } from '../../platform/jobs/queue.ts';
import {
  createTransfersService,
  findTransfer,
  type TransferRow,
  type TransferType,
} from './transfers.service.ts';
import './transfers.events.ts';

/** Thrown by `checkCancelled` once the transfer was cancelled: the run stops without a failure. */
export class TransferCancelled extends Error {
  constructor() {
    super('transfer cancelled');
    this.name = 'TransferCancelled';
  }
}

export interface TransferRun {
  transfer: TransferRow;
  job: JobInfo;
  /** Throws TransferCancelled when someone cancelled the transfer meanwhile (call between parts). */
  checkCancelled(): Promise<void>;
}
export type TransferRunner = (run: TransferRun) => Promise<void>;

/** Per app (keyed by its event bus), as the other registrations: tests build many apps in one process. */
const runners = new WeakMap<object, Map<TransferType, TransferRunner>>();

/**
 * The module that knows how to move the bytes (integrations) hands its runner to transfers from its
 * manifest's listeners, so transfers never imports it back.
 */
export function registerTransferRunner(ctx: AppContext, type: TransferType, runner: TransferRunner) {
  const map = runners.get(ctx.events) ?? new Map<TransferType, TransferRunner>();
  map.set(type, runner);
  runners.set(ctx.events, map);
}

/** A reason a person can read, without stack or secrets, short enough for the list. */
export function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.replace(/[A-Za-z0-9/+=]{40,}/g, '[redacted]').slice(0, 300);
}

/**
 * `transfers.run`: claims the transfer, shortens the job's lock to TRANSFER_LOCK_SECONDS and keeps
 * it alive while the runner works, so after a crash another worker (or the restarted server) takes
 * it over within that time and the runner resumes from the items and parts already recorded.
 * A failure is retried with the queue's backoff (the reason is shown meanwhile); the last one
 * leaves the transfer 'failed' with its reason.
 */
export function transfersRunJob(ctx: AppContext, log: JobLogger): JobHandler<JobData<'transfers.run'>> {
  const service = createTransfersService(ctx);
  const lockSeconds = ctx.config.TRANSFER_LOCK_SECONDS;
  return async ({ transferId }, job) => {
    const transfer = await findTransfer(ctx.db, transferId);
    if (!transfer || ['finished', 'cancelled'].includes(transfer.status)) return;
    const runner = runners.get(ctx.events)?.get(transfer.transferType as TransferType);
    if (!runner) throw new Error(`no runner for ${transfer.transferType}`);

    await extendLock(ctx.db, job, lockSeconds);
    const beat = setInterval(
      () => {
        extendLock(ctx.db, job, lockSeconds).catch((err: unknown) =>
          log.warn({ err }, 'transfer heartbeat failed'),
        );
      },
      (lockSeconds * 1000) / 3,
    );
    beat.unref();
    try {
      await service.setStatus(transferId, 'in_progress', { attempts: job.attempts });
      const checkCancelled = async () => {
        const [now] = await ctx.db
          .select({ status: transfers.status })
          .from(transfers)
          .where(eq(transfers.id, transferId));
        if (!now || now.status === 'cancelled') throw new TransferCancelled();
      };
      await runner({ transfer: { ...transfer, status: 'in_progress' }, job, checkCancelled });
      await checkCancelled();
      await service.setStatus(transferId, 'finished', { reason: null });
    } catch (err) {
      if (err instanceof TransferCancelled) return;
      const last = job.attempts >= job.maxAttempts;
      await service.setStatus(transferId, last ? 'failed' : 'queued', { reason: reasonOf(err) });
      throw err;
    } finally {
      clearInterval(beat);
    }
  };
}
