import { z } from 'zod';
import {
  TRANSCRIPTS_API,
  captionsQuery,
  reviewCaptionsQuery,
  reviewTranscriptAnswer,
  reviewTranscriptQuery,
  transcribeBody,
  transcriptAnswer,
  transcriptQuery,
  transcriptSearchPage,
  transcriptSearchQuery,
  transcriptSettings,
  transcriptSettingsBody,
  transcriptSettingsQuery,
  transcriptWordBody,
} from '../schemas/transcripts.ts';
import { defineRoutes } from './define.ts';

const message = z.object({ message: z.string() });

/**
 * Transcripts: whoever can open the asset reads its transcript and captions; whoever can edit the
 * project's assets corrects words and transcribes again; the project's language is the project
 * manager's. Search answers only the project's members.
 */
export const transcriptsRoutes = defineRoutes('transcripts', {
  show: {
    method: 'GET',
    path: TRANSCRIPTS_API.root,
    query: transcriptQuery,
    response: transcriptAnswer,
    policy: 'transcripts.canReadTranscript',
  },
  transcribe: {
    method: 'POST',
    path: TRANSCRIPTS_API.root,
    body: transcribeBody,
    response: message,
    policy: 'transcripts.canEditTranscript',
  },
  correctWord: {
    method: 'PUT',
    path: TRANSCRIPTS_API.word,
    body: transcriptWordBody,
    response: transcriptAnswer,
    policy: 'transcripts.canEditTranscript',
  },
  /** text/vtt or application/x-subrip, not the JSON envelope */
  captions: {
    method: 'GET',
    path: TRANSCRIPTS_API.captions,
    query: captionsQuery,
    response: z.never(),
    policy: 'transcripts.canReadTranscript',
    raw: true,
  },
  search: {
    method: 'GET',
    path: TRANSCRIPTS_API.search,
    query: transcriptSearchQuery,
    response: transcriptSearchPage,
    policy: 'transcripts.canSearchProject',
  },
  settings: {
    method: 'GET',
    path: TRANSCRIPTS_API.settings,
    query: transcriptSettingsQuery,
    response: transcriptSettings,
    policy: 'transcripts.canSearchProject',
  },
  saveSettings: {
    method: 'PUT',
    path: TRANSCRIPTS_API.settings,
    body: transcriptSettingsBody,
    response: transcriptSettings,
    policy: 'transcripts.canManageLanguage',
  },
  /** A review link's transcript, read-only: the link token is the proof (the shares service's gate). */
  reviewShow: {
    method: 'GET',
    path: TRANSCRIPTS_API.reviewTranscript,
    query: reviewTranscriptQuery,
    response: reviewTranscriptAnswer,
    public: true,
  },
  /** A review link's captions: the link token is the proof (its gate is in the shares service). */
  reviewCaptions: {
    method: 'GET',
    path: TRANSCRIPTS_API.reviewCaptions,
    query: reviewCaptionsQuery,
    response: z.never(),
    public: true,
    raw: true,
  },
});
