import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { PDF_PAGES } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blobs/blobStore.ts';
import type { AppContext } from '../../platform/context.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import { imageThumbnail } from '../../platform/media/thumbnails.ts';
import { onAssetsDeleting, unsharedPageSets, type ProcessingUpdate } from '../assets/index.ts';
import { onProjectDeleting } from '../projects/index.ts';
import type { PagesWorkerData, PagesWorkerMessage } from './media.pages.worker.ts';

export const PDF_MIME = 'application/pdf';

/** Where page n (from 1) of a document's rendered pages is stored. */
export const pageKey = (pagesKey: string, page: number) => `${pagesKey}/${page}.jpg`;
/** Where the page strip's small picture of page n is stored. */
export const pageThumbKey = (pagesKey: string, page: number) => `${pagesKey}/${page}.thumb.jpg`;

/**
 * The stored picture of page n, small for the page strip when asked: a document rendered before
 * small pictures were made has only its pages, and the strip shows those.
 */
export async function pageImageKey(blobs: BlobStore, pagesKey: string, page: number, small: boolean) {
  if (small) {
    const thumb = pageThumbKey(pagesKey, page);
    if (await blobs.headObject(thumb)) return thumb;
  }
  return pageKey(pagesKey, page);
}

/** The page strip's picture of a rendered page (JPEG, PDF_PAGES.thumbWidth wide at most). */
const pageThumb = (jpeg: Buffer) =>
  sharp(jpeg)
    .resize({
      width: PDF_PAGES.thumbWidth,
      height: PDF_PAGES.thumbMaxHeight,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .jpeg({ quality: 75 })
    .toBuffer();

export interface RenderedPages {
  /** the first page's, made as an image's */
  thumbnail: Buffer;
  /** the pages stored (no pixel size: a document's pages have their own, and the player's 'Resolution' would be ours) */
  meta: Required<Pick<ProcessingUpdate, 'pageCount' | 'pagesKey'>>;
}

type Rendered = Extract<PagesWorkerMessage, { page: number }>;

/** A document opened in the page worker: its page count, then its pages one request at a time. */
function openDocument(file: string) {
  const worker = new Worker(new URL('./media.pages.worker.ts', import.meta.url), {
    workerData: {
      file,
      width: PDF_PAGES.width,
      maxHeight: PDF_PAGES.maxHeight,
      quality: PDF_PAGES.jpegQuality,
    } satisfies PagesWorkerData,
    // A hostile document fails this thread, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
    // PDF.js's warnings about a document's fonts are no news for the server's log
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  let opened: (count: number) => void;
  let failed: (err: Error) => void;
  const waiting = new Map<number, (r: Rendered) => void>();
  const failure = new Promise<never>((_, reject) => (failed = reject));
  failure.catch(() => undefined); // raced below
  const count = new Promise<number>((resolve) => (opened = resolve));
  worker.on('message', (m: PagesWorkerMessage) => {
    if ('opened' in m) opened(m.opened);
    else if ('error' in m) failed(new Error(m.error));
    else waiting.get(m.page)?.(m);
  });
  worker.on('error', (err) => failed(err));
  worker.on('exit', (code) => failed(new Error(`the page renderer stopped (${code})`)));
  const pages = new Map<number, Promise<Rendered>>();
  return {
    count: () => Promise.race([count, failure]),
    /** page n; asking ahead lets the worker render it while the caller stores the previous one */
    page(n: number) {
      let p = pages.get(n);
      if (!p) {
        p = Promise.race([new Promise<Rendered>((resolve) => waiting.set(n, resolve)), failure]);
        p.catch(() => undefined); // awaited by the caller in order
        pages.set(n, p);
        worker.postMessage({ page: n });
      }
      return p;
    },
    fail: (err: Error) => failed(err),
    close: () => worker.terminate(),
  };
}

/**
 * Renders a PDF's pages (at most PDF_PAGES.limit) to JPEGs PDF_PAGES.width wide under `pagesKey`
 * (`<pagesKey>/<n>.jpg`) with a small one for the page strip (`<n>.thumb.jpg`), and makes the first
 * page the thumbnail. Null when the document cannot be read or rendered (the caller marks it
 * previewNotAvailable); a page failing after the first keeps the pages before it.
 */
export async function renderPdfPages(
  blobs: BlobStore,
  file: string,
  pagesKey: string,
  tempDir: () => Promise<string>,
): Promise<RenderedPages | null> {
  const doc = openDocument(file);
  const deadline = setTimeout(() => doc.fail(new Error('page rendering timed out')), PDF_PAGES.timeoutMs);
  let stored = 0;
  let first: Buffer | null = null;
  // The document failing (unreadable, hostile, too slow) ends the pages: what was stored stays (a
  // broken later page), else there are none. The store failing is an error the queue retries.
  try {
    const total = Math.min(await doc.count().catch(() => 0), PDF_PAGES.limit);
    for (let n = 1; n <= total; n++) {
      const rendered = await doc.page(n).catch(() => null);
      if (!rendered) break;
      if (n < total) void doc.page(n + 1);
      const jpeg = Buffer.from(rendered.jpeg);
      if (n === 1) {
        const firstFile = path.join(await tempDir(), 'page-1.jpg');
        await writeFile(firstFile, jpeg);
        first = (await imageThumbnail(firstFile)).thumbnail;
      }
      const small = await pageThumb(jpeg);
      // the small one first: a page stored is a page whose strip picture exists
      await blobs.putObject(pageThumbKey(pagesKey, n), small, {
        contentType: 'image/jpeg',
        contentLength: small.length,
      });
      await blobs.putObject(pageKey(pagesKey, n), jpeg, {
        contentType: 'image/jpeg',
        contentLength: jpeg.length,
      });
      stored = n;
    }
  } finally {
    clearTimeout(deadline);
    await doc.close();
  }
  if (!first || stored === 0) return null;
  return {
    thumbnail: first,
    meta: { pageCount: stored, pagesKey },
  };
}

/** Keys per deletion job, as the assets module's. */
const KEYS_PER_JOB = 500;

async function enqueuePageDeletion(tx: DbOrTx, docs: { pages_key: string; page_count: number }[]) {
  const keys = docs.flatMap((d) =>
    Array.from({ length: d.page_count }, (_, i) => [
      pageKey(d.pages_key, i + 1),
      pageThumbKey(d.pages_key, i + 1),
    ]).flat(),
  );
  for (let i = 0; i < keys.length; i += KEYS_PER_JOB)
    await enqueueJob(tx, 'assets.delete_blobs', { keys: keys.slice(i, i + KEYS_PER_JOB) });
}

/**
 * Page images go with their assets: by the assets module's blob deletion job, in the deleting
 * transaction, unless a copy outside the deletion still shows the same pages (copies share them).
 */
export function deletePagesWithAssets(ctx: AppContext) {
  onAssetsDeleting(ctx, async (tx, _emit, assetIds) =>
    enqueuePageDeletion(tx, await unsharedPageSets(tx, { assetIds })),
  );
  onProjectDeleting(ctx, async (tx, projectId) =>
    enqueuePageDeletion(tx, await unsharedPageSets(tx, { projectId })),
  );
}
