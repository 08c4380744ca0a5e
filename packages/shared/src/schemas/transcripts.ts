import { z } from 'zod';
import { addProductMessages } from '../rules/messages.ts';
import {
  CAPTION_FORMATS,
  TRANSCRIPT_LANGUAGES,
  TRANSCRIPT_STATUSES,
  TRANSCRIPT_TEXT,
  TRANSCRIPT_WORD_MAX,
  type TranscriptLanguage,
} from '../rules/transcriptText.ts';
import { uuid } from './fields.ts';

/**
 * Transcripts of what is said in a clip, captions made from them and the project's search inside
 * the footage (docs/decisions/0036-transcripts.md). Times are milliseconds from the clip's start.
 */
export const TRANSCRIPTS_API = {
  /** GET one asset's transcript (ingest_db_id); POST transcribe it (again) */
  root: '/api/transcripts',
  /** PUT one corrected word (ingest_db_id, word_index, text) */
  word: '/api/transcripts/word',
  /** GET the captions as a file (ingest_db_id, format vtt|srt, download?) */
  captions: '/api/transcripts/captions',
  /** GET the project's transcript lines matching words (project_db_id, q, cursor) */
  search: '/api/transcripts/search',
  /** GET/PUT a project's transcription language (project_db_id, language) */
  settings: '/api/transcripts/settings',
  /** GET the captions of a file on a review link (token, ingest_db_id, format, download?) */
  reviewCaptions: '/api/review/captions',
  /** GET the transcript of a file on a review link (token, ingest_db_id): read-only */
  reviewTranscript: '/api/review/transcript',
} as const;

addProductMessages(
  Object.values(TRANSCRIPT_TEXT as Record<string, unknown>).filter((v): v is string => typeof v === 'string'),
);
addProductMessages(Object.values(TRANSCRIPT_TEXT.status).filter(Boolean));

const languageKeys = Object.keys(TRANSCRIPT_LANGUAGES) as [TranscriptLanguage, ...TranscriptLanguage[]];
export const transcriptLanguage = z.enum(languageKeys, { error: TRANSCRIPT_TEXT.unknownLanguage });

export const transcriptQuery = z.object({ ingest_db_id: uuid() });
export type TranscriptQuery = z.infer<typeof transcriptQuery>;

export const transcribeBody = z.object({ ingest_db_id: uuid() });

export const transcriptWord = z.object({ w: z.string(), s: z.number().int(), e: z.number().int() });
export type TranscriptWordDto = z.infer<typeof transcriptWord>;

export const transcriptLine = z.object({
  position: z.number().int(),
  first_word: z.number().int(),
  last_word: z.number().int(),
  start_ms: z.number().int(),
  end_ms: z.number().int(),
  text: z.string(),
});
export type TranscriptLineDto = z.infer<typeof transcriptLine>;

/**
 * An asset's transcript. `status` null: none was ever made (a still, or a file from before
 * transcription was set up); `configured`: the server has a speech-to-text service; `can_edit`: the
 * caller may correct words and transcribe again.
 */
export const transcriptAnswer = z.object({
  ingest_db_id: z.string(),
  status: z.enum(TRANSCRIPT_STATUSES).nullable(),
  language: z.string().nullable(),
  engine: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  words: z.array(transcriptWord),
  lines: z.array(transcriptLine),
  configured: z.boolean(),
  can_edit: z.boolean(),
  updated_at: z.string().nullable(),
});
export type TranscriptAnswer = z.infer<typeof transcriptAnswer>;

export const transcriptWordBody = z.object({
  ingest_db_id: uuid(),
  word_index: z
    .number({ error: TRANSCRIPT_TEXT.wordOutOfRange })
    .int()
    .min(0, TRANSCRIPT_TEXT.wordOutOfRange),
  text: z
    .string({ error: TRANSCRIPT_TEXT.wordRequired })
    .trim()
    .min(1, TRANSCRIPT_TEXT.wordRequired)
    .max(TRANSCRIPT_WORD_MAX, TRANSCRIPT_TEXT.wordTooLong),
});
export type TranscriptWordBody = z.infer<typeof transcriptWordBody>;

const captionFormat = z.enum(CAPTION_FORMATS, { error: TRANSCRIPT_TEXT.unknownFormat });
/** `download=1` answers as an attachment named after the asset. */
export const captionsQuery = z.object({
  ingest_db_id: uuid(),
  format: captionFormat.default('vtt'),
  download: z.enum(['0', '1']).optional(),
});
export type CaptionsQuery = z.infer<typeof captionsQuery>;

export const reviewCaptionsQuery = captionsQuery.extend({ token: z.string().min(1).max(200) });

export const reviewTranscriptQuery = z.object({ token: z.string().min(1).max(200), ingest_db_id: uuid() });
/** A review link's transcript: never editable; `can_download` when the link allows downloads (copy, SRT/VTT). */
export const reviewTranscriptAnswer = transcriptAnswer.extend({ can_download: z.boolean() });
export type ReviewTranscriptAnswer = z.infer<typeof reviewTranscriptAnswer>;

export const transcriptSearchQuery = z.object({
  project_db_id: uuid(),
  q: z.string({ error: TRANSCRIPT_TEXT.queryRequired }).trim().min(1, TRANSCRIPT_TEXT.queryRequired).max(200),
  /** the last hit's cursor of the page before (opaque) */
  cursor: z.string().max(200).optional(),
});
export type TranscriptSearchQuery = z.infer<typeof transcriptSearchQuery>;

export const transcriptHit = z.object({
  ingest_db_id: z.string(),
  title: z.string(),
  file_type: z.string(),
  /** the matching line, whole */
  text: z.string(),
  start_ms: z.number().int(),
  end_ms: z.number().int(),
});
export type TranscriptHit = z.infer<typeof transcriptHit>;

export const transcriptSearchPage = z.object({
  items: z.array(transcriptHit),
  next_cursor: z.string().nullable(),
});
export type TranscriptSearchPage = z.infer<typeof transcriptSearchPage>;

export const transcriptSettingsQuery = z.object({ project_db_id: uuid() });
export const transcriptSettingsBody = z.object({ project_db_id: uuid(), language: transcriptLanguage });
export const transcriptSettings = z.object({ language: transcriptLanguage, can_edit: z.boolean() });
export type TranscriptSettings = z.infer<typeof transcriptSettings>;
