/**
 * The multipart client used for the bare endpoint and for ours: PUT each part of a file to its URL,
 * `parallel` at a time, streaming the slice from disk (never holding a part in memory), collecting
 * each answer's ETag. It is what the browser's upload library does, minus the browser.
 */
import { createReadStream } from 'node:fs';
import http from 'node:http';
import { UPLOAD_ACK_CHUNK_BYTES, partUrlFrom, takesPartChunks } from '@rushes/shared';

export interface PartPlan {
  file: string;
  size: number;
  partSize: number;
}

export const partCount = (p: PartPlan) => Math.ceil(p.size / p.partSize);

export interface PartsRun {
  etags: Map<number, string>;
  /** Body bytes handed to the socket per part (from its offset on), acknowledged or not. */
  bytesSent: Map<number, number>;
  /** The offset each part's last PUT started from (the bytes the server said it kept). */
  offsets: Map<number, number>;
  /** Parts whose body was fully written to the socket (acknowledged or not). */
  sent: Set<number>;
  /** Parts whose PUT had started, for the resume count. */
  started: Set<number>;
  failed: Map<number, string>;
}

/** Where a part goes (its signed URL); `offset` > 0 continues a part the server kept the first bytes of. */
export interface PartTarget {
  url: string;
  offset?: number;
}

export interface PutPartsOptions {
  parallel: number;
  /** URL for a part: may ask the server (ours signs URLs on demand). */
  urlFor: (partNumber: number) => Promise<PartTarget> | PartTarget;
  /** Called after each acknowledged part; used to kill the server mid-upload. */
  onPartDone?: (partNumber: number, run: PartsRun) => void;
  /** Stop taking new parts (in-flight ones finish or fail). */
  stopped?: () => boolean;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/**
 * PUTs bytes [start, end) of the file to `url` and resolves with the answer's `header` (the ETag of
 * a part, or the Upload-Offset of a chunk that is not a part's last).
 */
function putRange(
  url: string,
  plan: PartPlan,
  range: { start: number; end: number },
  n: number,
  run: PartsRun,
  header: 'etag' | 'upload-offset',
): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'PUT',
        agent,
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': String(range.end - range.start),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const value = res.headers[header];
          if (res.statusCode === 200 && typeof value === 'string') resolve(value);
          else
            reject(
              new Error(`part ${n}: ${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 300)}`),
            );
        });
        res.on('error', reject);
      },
    );
    let answered: string | undefined;
    req.on('response', (res) => (answered = `${res.statusCode}`));
    // An early answer (an error status) may close the connection while the body is still going:
    // report the answer rather than the EPIPE it causes.
    req.on('error', (err) =>
      setTimeout(() => reject(answered ? new Error(`part ${n}: ${answered} (${err.message})`) : err), 50),
    );
    if (header === 'etag') req.on('finish', () => run.sent.add(n));
    // an empty last chunk: the server holds the whole part and only has to finish it
    if (range.start === range.end) return void req.end();
    const body = createReadStream(plan.file, {
      start: range.start,
      end: range.end - 1,
      highWaterMark: 1024 * 1024,
    });
    body.on('data', (chunk) => run.bytesSent.set(n, run.bytesSent.get(n)! + chunk.length));
    body.on('error', (err) => req.destroy(err));
    body.pipe(req);
  });
}

/**
 * One part, as the browser sends it (apps/web/src/features/uploads/partBytes.ts): from the offset
 * the server kept, in acknowledged chunks where the URL takes them (ours), else whole (bare).
 */
async function putPart(target: PartTarget, plan: PartPlan, n: number, run: PartsRun): Promise<string> {
  const offset = target.offset ?? 0;
  const partStart = (n - 1) * plan.partSize;
  const end = Math.min(partStart + plan.partSize, plan.size); // exclusive
  run.offsets.set(n, offset);
  run.bytesSent.set(n, 0);
  let at = partStart + offset;
  while (takesPartChunks(target.url) && end - at > UPLOAD_ACK_CHUNK_BYTES) {
    const range = { start: at, end: at + UPLOAD_ACK_CHUNK_BYTES };
    await putRange(partUrlFrom(target.url, at - partStart, true), plan, range, n, run, 'upload-offset');
    at = range.end;
  }
  return putRange(partUrlFrom(target.url, at - partStart), plan, { start: at, end }, n, run, 'etag');
}

/** PUTs `parts` (part numbers) with `parallel` workers; resolves when all are done or have failed. */
export async function putParts(plan: PartPlan, parts: number[], opts: PutPartsOptions): Promise<PartsRun> {
  const run: PartsRun = {
    etags: new Map(),
    bytesSent: new Map(),
    offsets: new Map(),
    sent: new Set(),
    started: new Set(),
    failed: new Map(),
  };
  const queue = [...parts];
  async function worker() {
    for (;;) {
      if (opts.stopped?.()) return;
      const n = queue.shift();
      if (n === undefined) return;
      try {
        const target = await opts.urlFor(n);
        run.started.add(n);
        run.etags.set(n, await putPart(target, plan, n, run));
        opts.onPartDone?.(n, run);
      } catch (err) {
        run.failed.set(n, (err as Error).message);
        if (opts.stopped?.()) return;
      }
    }
  }
  await Promise.all(Array.from({ length: opts.parallel }, worker));
  return run;
}

/** Closes idle keep-alive sockets (after a server was killed or between runs). */
export function dropConnections(): void {
  agent.destroy();
}
