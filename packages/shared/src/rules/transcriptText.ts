/**
 * Transcripts and captions: the panel's words, the states a transcript can be in and the errors.
 * Not spec text (the spec has no transcripts): decided in docs/decisions/0036-transcripts.md.
 */
export const TRANSCRIPT_STATUSES = [
  'queued',
  'running',
  'done',
  'failed',
  'no_audio',
  'not_set_up',
  'limit',
] as const;
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

/** Languages a project can pin (ISO 639-1); 'auto' lets the service detect it per clip. */
export const TRANSCRIPT_LANGUAGES = {
  auto: 'Detect automatically',
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
  hi: 'Hindi',
  ja: 'Japanese',
  zh: 'Chinese',
} as const;
export type TranscriptLanguage = keyof typeof TRANSCRIPT_LANGUAGES;

export const CAPTION_FORMATS = ['vtt', 'srt'] as const;
export type CaptionFormat = (typeof CAPTION_FORMATS)[number];

/** Transcript lines the project search answers per page. */
export const TRANSCRIPT_SEARCH_PAGE_SIZE = 20;
/** The longest correction of one word, characters. */
export const TRANSCRIPT_WORD_MAX = 100;

export const TRANSCRIPT_TEXT = {
  panelTitle: 'Transcript',
  tab: 'Transcript',
  status: {
    queued: 'Waiting to be transcribed…',
    running: 'Transcribing…',
    done: '',
    failed: 'The transcript could not be made.',
    no_audio: 'This file has no sound to transcribe.',
    not_set_up:
      'Transcription is not set up on this server. An administrator can connect a speech-to-text service (docs/configuration.md).',
    limit: "Your team has used this month's transcription minutes.",
  } satisfies Record<TranscriptStatus, string>,
  none: 'No transcript yet.',
  transcribe: 'Transcribe',
  transcribeAgain: 'Transcribe again',
  transcribeStarted: 'Transcription started',
  language: 'Language',
  languageSaved: 'Transcription language saved',
  searchPlaceholder: 'Search the transcript',
  noMatches: 'No matches',
  prevMatch: 'Previous match',
  nextMatch: 'Next match',
  /** the panel's menu: copy and the captions downloads */
  more: 'More transcript actions',
  /** the words of the transcript, for screen readers (each word plays from its moment) */
  words: 'Transcript text; each word plays from its moment',
  matchCount: (n: number) => `${n} ${n === 1 ? 'match' : 'matches'}`,
  copy: 'Copy transcript',
  copied: 'Transcript copied',
  editWord: 'Edit word',
  wordSaved: 'Word corrected',
  captions: 'Captions',
  captionsOn: 'Show captions (C)',
  captionsOff: 'Hide captions (C)',
  downloadSrt: 'Download captions (SRT)',
  downloadVtt: 'Download captions (VTT)',
  /** the project search's section of transcript hits */
  searchSection: 'In the footage',
  /** under the asset list when no name matches but the words were said in a clip */
  onlyInFootage: 'No file names match. The words are said in the footage above.',
  searchingFootage: 'Searching the footage…',
  openAt: (title: string, time: string) => `Open ${title} at ${time}`,
  notFound: 'Transcript not found',
  wordOutOfRange: 'That word is not in the transcript',
  wordRequired: 'Enter the word',
  wordTooLong: `The word must be at most ${TRANSCRIPT_WORD_MAX} characters`,
  busy: 'The file is being transcribed already',
  notTranscribable: 'Only video and audio files can be transcribed',
  unknownLanguage: 'Choose one of the languages',
  unknownFormat: 'Choose SRT or VTT',
  queryRequired: 'Enter a word to search for',
} as const;
