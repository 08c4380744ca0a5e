import { CHUNK_LOAD_TIMEOUT_MS } from '@rushes/shared';

declare global {
  interface Window {
    /** Test hook: a shorter chunk timeout, e.g. `page.addInitScript(() => { window.__RUSHES_CHUNK_TIMEOUT_MS__ = 1000 })`. */
    __RUSHES_CHUNK_TIMEOUT_MS__?: number;
  }
}

export class ChunkTimeoutError extends Error {
  constructor() {
    super('A page did not load in time');
    this.name = 'ChunkTimeoutError';
  }
}

function timeoutMs(): number {
  const override = typeof window === 'undefined' ? undefined : window.__RUSHES_CHUNK_TIMEOUT_MS__;
  return typeof override === 'number' && override > 0 ? override : CHUNK_LOAD_TIMEOUT_MS;
}

/**
 * A code-split chunk's import that fails after CHUNK_LOAD_TIMEOUT_MS (spec 000 §9: 120 s) instead of
 * hanging: the router's error element then shows the error page with Refresh. A failed import
 * (network error, a deploy that removed the old chunk) rejects at once and shows the same page.
 */
export function withChunkTimeout<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = window.setTimeout(() => reject(new ChunkTimeoutError()), timeoutMs());
      load().then(
        (value) => {
          window.clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          window.clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}
