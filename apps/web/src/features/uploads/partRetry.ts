import { MSG, UPLOAD_RETRY_DELAYS_MS, UPLOAD_STALL_MS } from '@rushes/shared';
import { ApiError } from '../../api/client.ts';

/**
 * The tries of one part PUT: each watched for a stall, tried again after UPLOAD_RETRY_DELAYS_MS
 * while it fails for the network's sake, then given up with an error Uppy does not try again itself.
 * (Uppy's own retry waits for the browser's 'online' event whenever navigator.onLine is false, with
 * no limit: the item stayed at its percentage forever. A silent connection, as after a cable pull,
 * never fails at all without a watchdog.)
 */

/** The tries are spent: the item shows 'Error' and goes on when the browser is back online. */
export class ConnectionLostError extends Error {
  constructor() {
    super(MSG.uploadConnectionLost);
    this.name = 'ConnectionLostError';
  }
}

/** No byte moved for UPLOAD_STALL_MS: the try was dropped. */
class StalledError extends Error {
  readonly source = { status: 0 };
}

/** The HTTP status of a failed PUT (Uppy's errors, and ours, carry the XMLHttpRequest as `source`). */
export const statusOf = (error: unknown): number | undefined =>
  (error as { source?: { status?: number } } | null)?.source?.status;

/** No answer (a network error, a stall) or a server-side failure: worth another try. */
function transient(error: unknown): boolean {
  const status = statusOf(error);
  return status !== undefined && (status === 0 || status === 408 || status >= 500);
}

/** A lost connection, from a part PUT or an API call of the upload; the uploader resumes these. */
export const isConnectionLost = (error: unknown): boolean =>
  error instanceof ConnectionLostError || (error instanceof ApiError && error.status === 0);

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('Aborted', 'AbortError');
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A try gets its own signal (the caller's, or the watchdog's) and `alive`, to call on every byte moved. */
type Try<T> = (signal: AbortSignal, alive: () => void) => Promise<T>;

async function watched<T>(outer: AbortSignal | undefined, run: Try<T>): Promise<T> {
  const inner = new AbortController();
  const onAbort = () => inner.abort(outer?.reason);
  outer?.addEventListener('abort', onAbort);
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const alive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      inner.abort();
    }, UPLOAD_STALL_MS);
  };
  alive();
  try {
    return await run(inner.signal, alive);
  } catch (error) {
    if (stalled && !outer?.aborted) throw new StalledError('stalled');
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

/**
 * Runs `attempt` until it succeeds, tries again after each delay while it fails for the network's
 * sake, and then throws ConnectionLostError (or 'Something went wrong' after server errors). A
 * refusal (4xx) and the caller's abort (pause, cancel) are thrown at once, unchanged.
 */
export async function withRetries<T>(signal: AbortSignal | undefined, attempt: Try<T>): Promise<T> {
  for (const delay of [...UPLOAD_RETRY_DELAYS_MS, null]) {
    try {
      return await watched(signal, attempt);
    } catch (error) {
      if (signal?.aborted || !transient(error)) throw error;
      if (delay === null) {
        throw (statusOf(error) ?? 0) >= 500 ? new Error(MSG.somethingWentWrong) : new ConnectionLostError();
      }
      await sleep(delay, signal);
    }
  }
  throw new ConnectionLostError();
}
