import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AI_API, API_TYPE, API_VERSION, parseSse, type AiStreamEvents } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import type { Person } from '../tasks/tasks.testkit.ts';

/**
 * A local OpenAI-compatible stand-in for tests: `POST /v1/chat/completions` answers each
 * call with the next scripted step — streamed text chunks, a streamed tool call, an error status, or
 * silence (a timeout) — and records what it was sent (body, headers) and whether the caller hung up
 * before the answer ended. No internet needed.
 */

export interface StandinRequest {
  body: {
    model: string;
    messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
    tools?: { function: { name: string } }[];
    stream?: boolean;
    [k: string]: unknown;
  };
  headers: IncomingHttpHeaders;
  /** the caller closed the connection before the answer ended */
  closedEarly: boolean;
  /** the script step failed on this request (shown in test output) */
  error?: string;
}

export type Step =
  | { kind: 'text'; chunks: string[]; delayMs?: number; usage?: { prompt: number; completion: number } }
  /**
   * several choices streamed at once (as with n > 1): each chunk carries the pieces of the choices it
   * names, in that order, e.g. [[0, 'a'], [1, 'b']] is one chunk with both
   */
  | { kind: 'choices'; chunks: [index: number, content: string][][] }
  | { kind: 'tool'; name: string; args: Record<string, unknown> | string }
  /** several tool calls in one answer (parallel tool calls) */
  | { kind: 'tools'; calls: { name: string; args: Record<string, unknown> | string }[] }
  | { kind: 'status'; status: number; body?: unknown }
  | { kind: 'hang' }
  | ((req: StandinRequest) => Step);

export interface Standin {
  /** the base URL to configure as AI_BASE_URL (…/v1) */
  url: string;
  requests: StandinRequest[];
  /** queue steps for the next calls (a call without one answers `fallback`) */
  script(...steps: Step[]): void;
  /** drop the steps no call used */
  clear(): void;
  fallback: Step;
  /** resolves when a caller hangs up before an answer ended */
  nextHangUp(): Promise<StandinRequest>;
  close(): Promise<void>;
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
  id: 'chatcmpl-standin',
  object: 'chat.completion.chunk',
  created: Math.floor(Date.now() / 1000),
  model: 'standin',
  choices: [{ index: 0, delta, finish_reason: finish }],
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The tool results the caller sent back, parsed (the last round's). */
export function toolResults(req: StandinRequest): unknown[] {
  return req.body.messages
    .filter((m) => m.role === 'tool')
    .map((m) => {
      try {
        return JSON.parse(m.content ?? '') as unknown;
      } catch {
        return null;
      }
    });
}

export async function startStandin(): Promise<Standin> {
  const queue: Step[] = [];
  const requests: StandinRequest[] = [];
  let hangUpWaiters: ((r: StandinRequest) => void)[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      void (async () => {
        const record: StandinRequest = {
          body: JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as StandinRequest['body'],
          headers: req.headers,
          closedEarly: false,
        };
        requests.push(record);
        let ended = false;
        res.on('close', () => {
          if (ended) return;
          record.closedEarly = true;
          const waiters = hangUpWaiters;
          hangUpWaiters = [];
          for (const w of waiters) w(record);
        });
        let step = queue.shift() ?? standin.fallback;
        try {
          while (typeof step === 'function') step = step(record);
        } catch (err) {
          // a script that could not read what it was sent: a 500 naming why, not a silent hang
          record.error = String(err);
          step = { kind: 'status', status: 500, body: { error: { message: record.error } } };
        }
        if (step.kind === 'hang') return; // never answers: the caller times out
        if (step.kind === 'status') {
          ended = true;
          res.writeHead(step.status, { 'content-type': 'application/json', 'retry-after-ms': '1' });
          res.end(
            JSON.stringify(step.body ?? { error: { message: `standin ${step.status}`, type: 'error' } }),
          );
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
        let completion: number;
        if (step.kind === 'tool' || step.kind === 'tools') {
          const calls = step.kind === 'tool' ? [{ name: step.name, args: step.args }] : step.calls;
          calls.forEach((call, index) => {
            const args = typeof call.args === 'string' ? call.args : JSON.stringify(call.args);
            const half = Math.floor(args.length / 2);
            const id = `call_standin_${index}`;
            send(
              chunk({
                ...(index === 0 ? { role: 'assistant' } : {}),
                tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: '' } }],
              }),
            );
            send(chunk({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] }));
            send(chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] }));
          });
          send(chunk({}, 'tool_calls'));
          completion = 12;
        } else if (step.kind === 'choices') {
          for (const pieces of step.chunks)
            send({
              ...chunk({}),
              choices: pieces.map(([index, content]) => ({ index, delta: { content }, finish_reason: null })),
            });
          send({
            ...chunk({}),
            choices: [0, 1].map((index) => ({ index, delta: {}, finish_reason: 'stop' })),
          });
          completion = 10;
        } else {
          send(chunk({ role: 'assistant', content: '' }));
          for (const piece of step.chunks) {
            if (res.destroyed) return;
            if (step.delayMs) await sleep(step.delayMs);
            send(chunk({ content: piece }));
          }
          send(chunk({}, 'stop'));
          completion = step.usage?.completion ?? step.chunks.join('').length;
        }
        const prompt = step.kind === 'text' && step.usage ? step.usage.prompt : 100;
        send({
          ...chunk({}),
          choices: [],
          usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
        });
        res.write('data: [DONE]\n\n');
        ended = true;
        res.end();
      })();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const standin: Standin = {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...steps) => queue.push(...steps),
    clear: () => queue.splice(0),
    fallback: { kind: 'text', chunks: ['ok'] },
    nextHangUp: () => new Promise((resolve) => hangUpWaiters.push(resolve)),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standin;
}

/** The env for an app that talks to the stand-in (a loopback address: listed as trusted). */
export const standinEnv = (s: Standin, extra: Record<string, string> = {}) => ({
  AI_BASE_URL: s.url,
  AI_API_KEY: STANDIN_KEY,
  AI_MODEL: 'standin-model',
  OUTBOUND_TRUSTED_HOSTS: '127.0.0.1',
  ...extra,
});

/** A key that must never appear in an answer or the web bundle. */
export const STANDIN_KEY = 'sk-standin-7f3c9a1e5b2d4c6a8e0f1a2b3c4d5e6f';

/**
 * Asks through the route: the events of the stream, or the envelope of a refusal. Each answer body
 * is added to `answers`, which the tests search for the key.
 */
export async function askThrough(
  app: TestApp,
  who: Person | undefined,
  body: Record<string, unknown>,
  answers: string[],
) {
  const res = await app.app.inject({
    method: 'POST',
    url: AI_API.ask,
    headers: { 'api-type': API_TYPE, 'api-version': API_VERSION, ...(who ? { cookie: who.cookie } : {}) },
    payload: body,
  });
  answers.push(res.body);
  const sse = String(res.headers['content-type']).startsWith('text/event-stream');
  const events = sse ? parseSse(res.body).events : [];
  const of = <K extends keyof AiStreamEvents>(k: K) =>
    events.filter((e) => e.event === k).map((e) => e.data as AiStreamEvents[K]);
  return {
    status: res.statusCode,
    events,
    text: of('delta')
      .map((d) => d.text)
      .join(''),
    start: of('start')[0],
    done: of('done')[0],
    error: of('error')[0],
    envelope: sse ? null : (res.json() as { response: boolean; errormessage: string; errorcode?: number }),
  };
}
