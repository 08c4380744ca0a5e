import type { FastifyInstance, FastifyReply } from 'fastify';
import { MSG, ROUTES, TRANSCRIPT_TEXT, type CaptionsQuery } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { attachmentDisposition } from '../../platform/blobs/blobStore.ts';
import { ok } from '../../platform/http/envelope.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { limit } from '../../platform/http/routes.ts';
import { serve } from '../../platform/http/serve.ts';
import { accessOf } from '../../platform/policies.ts';
import { reviewFileGate } from '../shares/index.ts';
import { captionFile } from './transcripts.captions.ts';
import { searchTranscriptLines } from './transcripts.search.ts';
import { createTranscriptsService } from './transcripts.service.ts';
import { presentTranscript } from './transcripts.read.ts';
import { findTranscript } from './transcripts.store.ts';

/**
 * Transcripts of a clip, their captions and the project's search inside the footage. Who may
 * (transcripts.policy.ts): members of the asset's project read and download captions; members who
 * may upload correct words and transcribe again; members search; the project's managers choose the
 * language. A review link's captions: whoever holds the link (its passcode gate), the download only
 * when the link allows downloads.
 */
export function transcriptsRoutes(ctx: AppContext) {
  const service = createTranscriptsService(ctx);
  const reviewFile = reviewFileGate(ctx);

  /** The asset's captions as a file: 404 until it has a finished transcript. */
  async function sendCaptions(reply: FastifyReply, asset: { id: string; title: string }, q: CaptionsQuery) {
    const found = await findTranscript(ctx.db, asset.id);
    if (!found || found.transcript.status !== 'done') throw notFound(TRANSCRIPT_TEXT.notFound);
    const file = captionFile(asset.title, found.lines, q.format);
    reply
      .header('Content-Type', file.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      // a corrected word changes the cues: asked again each time the player loads them
      .header('Cache-Control', 'private, no-cache');
    if (q.download === '1') reply.header('Content-Disposition', attachmentDisposition(file.filename));
    return reply.send(file.body);
  }

  return async (fastify: FastifyInstance) => {
    const r = ROUTES.transcripts;
    serve(fastify, r.show, async (req) =>
      ok(await service.show(accessOf(req, 'transcripts.canReadTranscript'))),
    );
    serve(
      fastify,
      r.transcribe,
      async (req) => ok(await service.transcribe(accessOf(req, 'transcripts.canEditTranscript'))),
      { rateLimit: limit(ctx.config, 30) },
    );
    serve(fastify, r.correctWord, async (req) =>
      ok(await service.correctWord(accessOf(req, 'transcripts.canEditTranscript'), req.body)),
    );
    serve(fastify, r.captions, async (req, reply) =>
      sendCaptions(reply, accessOf(req, 'transcripts.canReadTranscript').asset, req.query),
    );
    serve(fastify, r.search, async (req) => {
      const { project } = accessOf(req, 'transcripts.canSearchProject');
      return ok(
        await searchTranscriptLines(ctx.db, {
          projectId: project.id,
          q: req.query.q,
          cursor: req.query.cursor,
        }),
      );
    });
    serve(fastify, r.settings, async (req) =>
      ok(await service.settings(accessOf(req, 'transcripts.canSearchProject'))),
    );
    serve(fastify, r.saveSettings, async (req) =>
      ok(await service.saveSettings(accessOf(req, 'transcripts.canManageLanguage'), req.body.language)),
    );
    serve(
      fastify,
      r.reviewShow,
      async (req) => {
        const { asset, downloadAllowed } = await reviewFile(req, req.query.token, req.query.ingest_db_id);
        const found = await findTranscript(ctx.db, asset.id);
        const shown = presentTranscript(asset.id, found, false, ctx.config.transcribeConfigured);
        return ok({ ...shown, can_download: downloadAllowed });
      },
      { rateLimit: limit(ctx.config, 120) },
    );
    serve(
      fastify,
      r.reviewCaptions,
      async (req, reply) => {
        const { token, ingest_db_id, ...q } = req.query;
        const { asset, downloadAllowed } = await reviewFile(req, token, ingest_db_id);
        if (q.download === '1' && !downloadAllowed) throw forbidden(MSG.downloadNotAllowed);
        return sendCaptions(reply, asset, { ingest_db_id, ...q });
      },
      { rateLimit: limit(ctx.config, 120) },
    );
  };
}
