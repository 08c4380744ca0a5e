import { z } from 'zod';

/**
 * Speech to text: no speech model installs from the npm registry with the project (docs/decisions),
 * so transcription runs on an OpenAI-compatible `/v1/audio/transcriptions` service, or is not set up.
 */
export const transcribe = {
  TRANSCRIBE_BASE_URL: z
    .url()
    .optional()
    .describe(
      'transcripts and captions: an OpenAI-compatible speech-to-text API (OpenAI `https://api.openai.com/v1`, a local faster-whisper or whisper.cpp server); unset, clips are not transcribed and the transcript panel says it is not set up. A private address must be listed in `OUTBOUND_TRUSTED_HOSTS`',
    ),
  TRANSCRIBE_API_KEY: z
    .string()
    .optional()
    .describe(
      'the service’s key; stays on the server (never logged, stored or sent to the browser); local servers need none',
    ),
  TRANSCRIBE_MODEL: z
    .string()
    .min(1)
    .default('whisper-1')
    .describe('model name the service transcribes with'),
  TRANSCRIBE_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(3600)
    .default(300)
    .describe('the longest wait for the service’s answer to one chunk of audio (a timeout is retried)'),
  TRANSCRIBE_CHUNK_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(1200)
    .default(600)
    .describe(
      'audio is sent in pieces of this many seconds (mono 16 kHz MP3 at 64 kbit/s: 600 s ≈ 4.8 MB, under OpenAI’s 25 MB limit)',
    ),
  TRANSCRIBE_TEAM_MINUTES_PER_MONTH: z.coerce
    .number()
    .int()
    .min(0)
    .default(600)
    .describe(
      'minutes of audio a team may have transcribed in 30 days, `0` = no limit; past it a clip gets the status “limit” and nothing is sent',
    ),
};
