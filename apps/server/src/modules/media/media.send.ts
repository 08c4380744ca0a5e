import type { FastifyReply } from 'fastify';
import { MSG } from '@rushes/shared';
import { attachmentDisposition } from '../../platform/blobs/blobStore.ts';
import type { MediaStream } from './media.service.ts';

/** Sends opened asset bytes the way the player route does: ranges, safe type, no sniffing, sandboxed. */
export function sendMediaStream(
  reply: FastifyReply,
  opened: MediaStream | { unsatisfiable: number },
  opts: { attachment?: boolean } = {},
) {
  if ('unsatisfiable' in opened) {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${opened.unsatisfiable}`)
      .send({ response: false, data: null, errormessage: MSG.rangeNotSatisfiable });
  }
  const { object, range } = opened;
  const inline = opened.inline && !opts.attachment;
  reply
    .header('Content-Type', opened.contentType)
    .header('Content-Length', String(object.contentLength))
    .header('Content-Disposition', inline ? 'inline' : attachmentDisposition(opened.filename))
    .header('Accept-Ranges', 'bytes')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, max-age=300');
  if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
  return reply.send(object.body);
}
