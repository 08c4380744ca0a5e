import {
  TRANSCRIPT_TEXT,
  type TranscriptAnswer,
  type TranscriptSettings,
  type TranscriptWordBody,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import { upgradeData } from '../plans/index.ts';
import type { ProjectAccess } from '../projects/index.ts';
import './transcripts.events.ts';
import { canManageLanguage, type TranscriptAssetAccess } from './transcripts.policy.ts';
import { presentTranscript, readTranscript } from './transcripts.read.ts';
import {
  applyCorrection,
  findTranscript,
  languageOf,
  allowanceUsedUp,
  queueTranscript,
  saveLanguage,
} from './transcripts.store.ts';

/** The team's transcription minutes are used up: the upgrade modal, as other plan limits (002 §6). */
const minutesUsedUp = () =>
  new AppError(TRANSCRIPT_TEXT.status.limit, {
    status: 403,
    errorcode: 403,
    data: { upgrade_required: upgradeData(TRANSCRIPT_TEXT.status.limit) },
  });

/** One job per asset at a time: the media pipeline's listener and "Transcribe" share the key. */
export const transcribeJobKey = (assetId: string) => `transcripts.transcribe:${assetId}`;

/** What the routes do past their policy (transcripts.policy.ts). */
export function createTranscriptsService(ctx: AppContext) {
  const { db, config } = ctx;

  return {
    show: (access: TranscriptAssetAccess) => readTranscript(db, access, config.transcribeConfigured),

    /**
     * Transcribe (again) now: video and audio only, on a server with a speech service, not while it
     * is being transcribed, and within the team's monthly minutes. Queued with the transcript's
     * status so the panel shows "Waiting…" at once.
     */
    async transcribe(access: TranscriptAssetAccess): Promise<{ message: string }> {
      const { asset, project } = access;
      if (asset.fileType !== 'video' && asset.fileType !== 'audio')
        throw badRequest(TRANSCRIPT_TEXT.notTranscribable);
      if (!config.transcribeConfigured) throw badRequest(TRANSCRIPT_TEXT.status.not_set_up);
      const current = await findTranscript(db, asset.id);
      const status = current?.transcript.status;
      if (status === 'queued' || status === 'running')
        throw new AppError(TRANSCRIPT_TEXT.busy, { status: 409, errorcode: 409 });
      if (await allowanceUsedUp(db, project.teamId, config.TRANSCRIBE_TEAM_MINUTES_PER_MONTH))
        throw minutesUsedUp();
      await ctx.events.transaction(db, async (tx, emit) => {
        await queueTranscript(tx, { assetId: asset.id, projectId: project.id, teamId: project.teamId });
        await ctx.jobs.enqueue(
          tx,
          'transcripts.transcribe',
          { assetId: asset.id },
          { singletonKey: transcribeJobKey(asset.id) },
        );
        emit('transcript.status', { projectId: project.id, assetId: asset.id, status: 'queued' });
      });
      ctx.jobs.wake();
      return { message: TRANSCRIPT_TEXT.transcribeStarted };
    },

    /** A corrected word, kept as a correction; its line (captions, search) follows. */
    async correctWord(access: TranscriptAssetAccess, body: TranscriptWordBody): Promise<TranscriptAnswer> {
      const current = await findTranscript(db, access.asset.id);
      const status = current?.transcript.status;
      // new words are on their way and would replace the correction
      if (status === 'queued' || status === 'running')
        throw new AppError(TRANSCRIPT_TEXT.busy, { status: 409, errorcode: 409 });
      if (!current || status !== 'done') throw notFound(TRANSCRIPT_TEXT.notFound);
      if (body.word_index >= current.transcript.words.length)
        throw badRequest(TRANSCRIPT_TEXT.wordOutOfRange, {
          errors: { word_index: TRANSCRIPT_TEXT.wordOutOfRange },
        });
      const updated = await applyCorrection(db, {
        assetId: access.asset.id,
        wordIndex: body.word_index,
        text: body.text,
        userId: access.userId,
      });
      // gone meanwhile (transcribed again with fewer words, or the asset deleted)
      if (!updated) throw notFound(TRANSCRIPT_TEXT.notFound);
      return presentTranscript(access.asset.id, updated, true, config.transcribeConfigured);
    },

    async settings(access: ProjectAccess): Promise<TranscriptSettings> {
      return { language: await languageOf(db, access.project.id), can_edit: canManageLanguage(access) };
    },

    async saveSettings(access: ProjectAccess, language: TranscriptSettings['language']) {
      await saveLanguage(db, access.project.id, language, access.userId);
      return { language, can_edit: true };
    },
  };
}
