import { MSG } from '@rushes/shared';
import type { OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { attachmentDisposition, isBlobError, type ByteRange } from './blobStore.ts';
import type { FsBlobStore } from './fsBlobStore.ts';
import { sendPieces } from './fsSend.ts';
import { SourceInterrupted } from './streams.ts';
import { OBJECT_PATH, PARTS_PATH } from './signing.ts';

/**
 * HTTP side of the filesystem driver: the signed part-upload and download URLs that S3 answers
 * in production. Register with `app.register(fsBlobRoutes(store, opts))`; it is encapsulated, so its
 * pass-through body parser applies to these routes only. They authenticate by signature alone, so
 * the app's API-Type header check skips paths under /api/blobs/.
 */

export interface FsBlobRoutesOptions {
  /** Largest part accepted, in bytes; default 5 GiB (S3's own limit). */
  maxPartBytes?: number;
  /**
   * The bytes one part of one upload may carry (the uploads module knows each upload's part size),
   * or null when that upload is not open: checked before a byte is written.
   */
  partLimit?: (key: string, uploadId: string, partNumber: number) => Promise<number | null>;
}

export const DEFAULT_MAX_PART_BYTES = 5 * 1024 ** 3;

const partQuery = z.object({
  key: z.string().max(600),
  uploadId: z.string().max(64),
  partNumber: z.string().regex(/^\d{1,5}$/),
  /** Continue a part cut off earlier from this byte (the sign answer's `offset`); not signed, see below. */
  offset: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  /** '1': a chunk that is not the part's last (takesPartChunks); answered with Upload-Offset, no ETag. */
  more: z.literal('1').optional(),
  expires: z.string().max(20),
  sig: z.string().max(100),
});

const objectQuery = z.object({
  key: z.string().max(600),
  filename: z.string().max(1000).optional(),
  expires: z.string().max(20),
  sig: z.string().max(100),
});

/** Types a browser may show inline; anything else is served as an attachment. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp|avif)|video\/[\w.+-]+|audio\/[\w.+-]+)$/;

function fail(reply: FastifyReply, status: number, message: string) {
  // The request body may be unread: close the connection rather than drain it.
  return reply
    .code(status)
    .header('Connection', 'close')
    .send({ response: false, data: null, errormessage: message });
}

export function fsBlobRoutes(store: FsBlobStore, opts: FsBlobRoutesOptions = {}) {
  const maxPartBytes = opts.maxPartBytes ?? DEFAULT_MAX_PART_BYTES;
  if (!Number.isSafeInteger(maxPartBytes) || maxPartBytes <= 0) {
    throw new Error('fsBlobRoutes: maxPartBytes must be a positive integer');
  }

  return async function fsBlobRoutesPlugin(app: FastifyInstance) {
    // Part bodies go straight to disk: no parser may buffer them, whatever Content-Type the browser sends.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    app.put(PARTS_PATH, { bodyLimit: maxPartBytes }, async (request, reply) => {
      const query = partQuery.safeParse(request.query);
      if (!query.success || !store.verifyPartSignature(query.data)) return fail(reply, 403, MSG.invalidLink);
      const { key, uploadId, partNumber } = query.data;
      // The offset needs no signature: it only says where this same signed part continues, and
      // the bytes before it are the ones this part's earlier PUTs already delivered.
      const offset = Number(query.data.offset ?? 0);

      let partMax = maxPartBytes;
      if (opts.partLimit) {
        const allowed = await opts.partLimit(key, uploadId, Number(partNumber));
        if (allowed === null) return fail(reply, 404, MSG.uploadNotFound);
        partMax = Math.min(partMax, allowed);
      }
      const declared = Number(request.headers['content-length']);
      if (offset > partMax || (Number.isFinite(declared) && offset + declared > partMax)) {
        return fail(reply, 413, MSG.uploadPartTooLarge);
      }
      // The parser hands over the payload stream (request.raw, or what a preParsing hook made of it).
      const body = (request.body as Readable | undefined) ?? request.raw;
      try {
        const written = await store.writePart(key, uploadId, Number(partNumber), body, {
          maxBytes: partMax,
          offset,
          more: query.data.more === '1',
        });
        reply.code(200).header('Cache-Control', 'no-store');
        if ('offset' in written) {
          // on disk, so a crash from here on costs the client none of these bytes
          return reply
            .header('Upload-Offset', String(written.offset))
            .header('Access-Control-Expose-Headers', 'Upload-Offset')
            .send();
        }
        return reply.header('ETag', written.etag).header('Access-Control-Expose-Headers', 'ETag').send();
      } catch (err) {
        if (isBlobError(err, 'EntityTooLarge')) return fail(reply, 413, MSG.uploadPartTooLarge);
        if (isBlobError(err, 'NoSuchUpload')) return fail(reply, 404, MSG.uploadNotFound);
        if (isBlobError(err, 'OffsetMismatch')) return fail(reply, 409, MSG.uploadOffsetMismatch);
        if (isBlobError(err, 'InvalidKey') || isBlobError(err, 'InvalidArgument')) {
          return fail(reply, 403, MSG.invalidLink);
        }
        // The browser went away mid-part (pause, reload): its bytes are kept, nobody is listening.
        if (err instanceof SourceInterrupted || (request.raw.destroyed && !request.raw.readableEnded)) {
          return fail(reply, 400, MSG.uploadInterrupted);
        }
        throw err;
      }
    });

    app.get(OBJECT_PATH, async (request, reply) => {
      const query = objectQuery.safeParse(request.query);
      if (!query.success || !store.verifyGetSignature(query.data)) return fail(reply, 403, MSG.invalidLink);
      const { key, filename } = query.data;

      const head = await store.headObject(key);
      if (!head) return fail(reply, 404, MSG.fileNotFound);
      const range = parseRangeHeader(request.headers.range, head.size);
      if (range === 'unsatisfiable') {
        return reply
          .code(416)
          .header('Content-Range', `bytes */${head.size}`)
          .send({ response: false, data: null, errormessage: MSG.rangeNotSatisfiable });
      }

      let object;
      try {
        object = await store.filePieces(key, range ?? undefined);
      } catch (err) {
        if (isBlobError(err, 'NoSuchKey')) return fail(reply, 404, MSG.fileNotFound);
        if (isBlobError(err, 'InvalidRange')) {
          return reply.code(416).header('Content-Range', `bytes */${head.size}`).send();
        }
        throw err;
      }
      const contentType = head.contentType ?? 'application/octet-stream';
      const disposition = filename
        ? attachmentDisposition(filename)
        : INLINE_TYPES.test(contentType)
          ? 'inline'
          : 'attachment';
      reply
        .header('Content-Type', contentType)
        .header('Content-Length', String(object.contentLength))
        .header('Content-Disposition', disposition)
        .header('Accept-Ranges', 'bytes')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, max-age=300');
      if (range) {
        reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
      }
      // The bytes go to the socket through reusable buffers (fsSend.ts), not as a stream fastify
      // pipes: the headers set on the reply so far (helmet's included) are written here, and the
      // response log still runs when the response finishes.
      reply.hijack();
      const res = reply.raw;
      res.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
      if (request.method === 'HEAD') {
        res.end();
        return reply;
      }
      try {
        await sendPieces(object.pieces, res);
      } catch (err) {
        request.log.error({ err, key }, 'blob download cut off');
        res.destroy();
      }
      return reply;
    });
  };
}

/**
 * One `bytes=` range against an object of `size` bytes (RFC 9110 §14.1.2): the range, clamped;
 * 'unsatisfiable' (answer 416); or undefined to serve the whole object (no header, a malformed one,
 * or several ranges, which a server may ignore).
 */
export function parseRangeHeader(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (!Number.isSafeInteger(suffix)) return undefined;
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return undefined;
  if (last !== '' && end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
