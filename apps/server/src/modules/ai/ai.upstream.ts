import type OpenAI from 'openai';
import { AI_TEXT } from '@rushes/shared';
import type { Config } from '../../config.ts';
import { guardedFetch, OutboundRefused, parseTrustedHosts } from '../../platform/http/outbound.ts';
import { lazyImport } from '../../platform/lazyImport.ts';

const openai = lazyImport(() => import('openai'));

/**
 * The upstream call: one streamed chat completion on any OpenAI-compatible API through the official
 * `openai` package, over the guarded outbound client (DESIGN §9). The key is only ever in this
 * client's Authorization header; the spec's sampling parameters (000 §7) come from the config.
 */

export type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;
export type ChatTool = OpenAI.Chat.Completions.ChatCompletionTool;

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface RoundResult {
  text: string;
  toolCalls: ToolCall[];
  tokensIn: number;
  tokensOut: number;
  /** the service reported usage (else the counts are estimates) */
  measured: boolean;
}

/** Why a call failed, as the message shown inline in the panel. */
export class UpstreamFailure extends Error {
  constructor(
    message: string,
    readonly aborted = false,
  ) {
    super(message);
    this.name = 'UpstreamFailure';
  }
}

/** Roughly 4 characters a token, for services that report no usage. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

export function createUpstream(config: Config) {
  const client = lazyImport(async () => {
    const { default: OpenAI } = await openai();
    return new OpenAI({
      baseURL: config.AI_BASE_URL,
      // local servers (Ollama, llama.cpp) take any key; the SDK insists on one
      apiKey: config.AI_API_KEY || 'none',
      timeout: config.AI_TIMEOUT_SECONDS * 1000,
      maxRetries: config.AI_MAX_RETRIES,
      fetch: guardedFetch({ trustedHosts: parseTrustedHosts(config.OUTBOUND_TRUSTED_HOSTS) }),
    });
  });
  const stop = config.AI_STOP ? config.AI_STOP.replace(/\\n/g, '\n') : undefined;
  const idleMs = config.AI_TIMEOUT_SECONDS * 1000;

  return {
    /**
     * One round: streams the first choice's text to `onText`, collects its tool calls. `signal`
     * aborts it (the panel closed); a stream silent for AI_TIMEOUT_SECONDS is cut as a timeout.
     */
    async round(
      messages: ChatMessage[],
      tools: ChatTool[],
      signal: AbortSignal,
      onText: (text: string) => void,
    ): Promise<RoundResult> {
      const idle = new AbortController();
      let timer = setTimeout(() => idle.abort(), idleMs);
      const both = AbortSignal.any([signal, idle.signal]);
      const out: RoundResult = { text: '', toolCalls: [], tokensIn: 0, tokensOut: 0, measured: false };
      try {
        const api = await client();
        const stream = await api.chat.completions.create(
          {
            model: config.AI_MODEL!,
            messages,
            tools: tools.length ? tools : undefined,
            stream: true,
            stream_options: { include_usage: true },
            temperature: config.AI_TEMPERATURE,
            max_tokens: config.AI_MAX_TOKENS,
            top_p: config.AI_TOP_P,
            presence_penalty: config.AI_PRESENCE_PENALTY,
            frequency_penalty: config.AI_FREQUENCY_PENALTY,
            ...(stop ? { stop } : {}),
          },
          { signal: both },
        );
        const calls = new Map<number, ToolCall>();
        for await (const chunk of stream) {
          clearTimeout(timer);
          timer = setTimeout(() => idle.abort(), idleMs);
          if (chunk.usage) {
            out.tokensIn = chunk.usage.prompt_tokens ?? 0;
            out.tokensOut = chunk.usage.completion_tokens ?? 0;
            out.measured = true;
          }
          // the spec: the first returned choice is used. A service streaming several choices sends
          // chunks that hold only another one: those are skipped, never taken as the first.
          const delta = chunk.choices?.find((c) => (c.index ?? 0) === 0)?.delta;
          if (!delta) continue;
          if (delta.content) {
            out.text += delta.content;
            onText(delta.content);
          }
          for (const call of delta.tool_calls ?? []) {
            const known = calls.get(call.index) ?? { id: '', name: '', arguments: '' };
            if (call.id) known.id = call.id;
            if (call.function?.name) known.name += call.function.name;
            if (call.function?.arguments) known.arguments += call.function.arguments;
            calls.set(call.index, known);
          }
        }
        // the SDK ends a stream quietly when its signal aborts: a cut answer is not a whole one
        if (both.aborted) throw new Error('aborted');
        out.toolCalls = [...calls.values()]
          .filter((c) => c.name)
          .map((c, i) => ({ ...c, id: c.id || `call_${i}` }));
        return out;
      } catch (err) {
        throw failureOf(err, signal.aborted, idle.signal.aborted);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type Upstream = ReturnType<typeof createUpstream>;

function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = err; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

/** The inline message for a failed call; statuses and causes never show the service's own text. */
export function failureOf(err: unknown, closed: boolean, idle: boolean): UpstreamFailure {
  const sdk = openai.loaded();
  if (closed) return new UpstreamFailure(AI_TEXT.stopped, true);
  if (idle || (sdk && err instanceof sdk.APIConnectionTimeoutError))
    return new UpstreamFailure(AI_TEXT.timeout);
  if (causeChain(err).some((e) => e instanceof OutboundRefused))
    return new UpstreamFailure(AI_TEXT.blockedAddress);
  if (sdk && err instanceof sdk.APIUserAbortError) return new UpstreamFailure(AI_TEXT.timeout);
  if (sdk && err instanceof sdk.APIError && err.status === 429) return new UpstreamFailure(AI_TEXT.busy);
  return new UpstreamFailure(AI_TEXT.unavailable);
}
