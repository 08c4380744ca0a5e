import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { createIsomorphicCanvasFactory, getDocumentProxy } from 'unpdf';

/**
 * Renders a PDF's pages to JPEG in a worker thread (PDF.js in JavaScript, drawn by @napi-rs/canvas:
 * no system binary). A page takes tens to hundreds of milliseconds of CPU: on the server's own
 * thread that would stall every request; here a hostile document can at worst exhaust this thread's
 * heap or be terminated by the caller's deadline. Messages: in `{ page }`, out
 * `{ opened: pageCount }`, then `{ page, jpeg, width, height }` or `{ error }`.
 */
export interface PagesWorkerData {
  file: string;
  width: number;
  maxHeight: number;
  quality: number;
}
export type PagesWorkerMessage =
  { opened: number } | { page: number; jpeg: Uint8Array; width: number; height: number } | { error: string };

const { file, width, maxHeight, quality } = workerData as PagesWorkerData;
const port = parentPort!;

async function main() {
  const CanvasFactory = await createIsomorphicCanvasFactory(() => import('@napi-rs/canvas'));
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(file)), { CanvasFactory });
  port.postMessage({ opened: pdf.numPages } satisfies PagesWorkerMessage);
  const factory = new CanvasFactory();
  port.on('message', (m: { page: number }) => {
    void (async () => {
      const page = await pdf.getPage(m.page);
      const base = page.getViewport({ scale: 1 });
      const scale = Math.min(width / base.width, maxHeight / base.height);
      const viewport = page.getViewport({ scale });
      const drawing = factory.create(Math.round(viewport.width), Math.round(viewport.height));
      try {
        // @napi-rs/canvas stands in for the DOM canvas PDF.js is typed for
        const canvas = drawing.canvas as unknown as HTMLCanvasElement & {
          encode(format: 'jpeg', quality: number): Promise<Buffer>;
        };
        const canvasContext = drawing.context as unknown as CanvasRenderingContext2D;
        await page.render({ canvas, canvasContext, viewport }).promise;
        const jpeg = new Uint8Array(await canvas.encode('jpeg', quality));
        page.cleanup();
        port.postMessage(
          {
            page: m.page,
            jpeg,
            width: canvas.width,
            height: canvas.height,
          } satisfies PagesWorkerMessage,
          [jpeg.buffer],
        );
      } finally {
        factory.destroy(drawing);
      }
    })().catch((err: unknown) => port.postMessage({ error: String(err) } satisfies PagesWorkerMessage));
  });
}

main().catch((err: unknown) => port.postMessage({ error: String(err) } satisfies PagesWorkerMessage));
