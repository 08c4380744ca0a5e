import { z } from 'zod';

/** Sampling defaults are the spec's (000 §7) without its newline stop. */
export const ai = {
  AI_BASE_URL: z
    .url()
    .optional()
    .describe(
      'the AI assistant: an OpenAI-compatible API (OpenAI `https://api.openai.com/v1`, Azure OpenAI, Ollama `http://localhost:11434/v1`, vLLM, llama.cpp); unset (or `AI_MODEL` unset), the assistant panel says it is not set up',
    ),
  AI_API_KEY: z
    .string()
    .optional()
    .describe(
      'the service’s key; stays on the server (never in an answer or the web bundle); local servers need none',
    ),
  AI_MODEL: z
    .string()
    .min(1)
    .optional()
    .describe('model name, e.g. `gpt-4o-mini`, `llama3.1` (needed with `AI_BASE_URL`)'),
  AI_TEMPERATURE: z.coerce
    .number()
    .min(0)
    .max(2)
    .default(1)
    .describe('sampling of every answer (the spec’s value)'),
  AI_MAX_TOKENS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(300)
    .describe('sampling of every answer (the spec’s value)'),
  AI_TOP_P: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(1)
    .describe('sampling of every answer (the spec’s value)'),
  AI_PRESENCE_PENALTY: z.coerce
    .number()
    .min(-2)
    .max(2)
    .default(0)
    .describe('sampling of every answer (the spec’s value)'),
  AI_FREQUENCY_PENALTY: z.coerce
    .number()
    .min(-2)
    .max(2)
    .default(0)
    .describe('sampling of every answer (the spec’s value)'),
  AI_STOP: z
    .string()
    .optional()
    .describe('a stop sequence (`\\n` is a newline); none by default, so answers may have several lines'),
  AI_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(600)
    .default(60)
    .describe('the longest wait for the service’s first byte and between streamed pieces (each retry again)'),
  AI_MAX_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(5)
    .default(2)
    .describe('retries of 429, 5xx and timeouts'),
  AI_TEAM_MONTHLY_TOKENS: z.coerce
    .number()
    .int()
    .min(0)
    .default(1_000_000)
    .describe(
      'tokens (in + out) a team may use per calendar month (UTC), `0` = no budget; usage is recorded per question',
    ),
  AI_USER_REQUESTS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(10)
    .describe('questions one user may ask per minute, `0` = no limit'),
};
