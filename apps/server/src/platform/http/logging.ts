import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import { API, REVIEW_PARAM } from '@rushes/shared';

/**
 * Logs for people: in development one readable line per event (pino-pretty), in production JSON
 * (LOG_FORMAT overrides). Secrets never reach a log line:
 *   - query strings of the addresses that carry a token or a signature are dropped whole (the API's
 *     verify and signed blob URLs, the pages the mails link to), and the values of the parameters
 *     named as secret below anywhere else;
 *   - SQL errors are logged with their statement, never their parameter values (Drizzle puts them in
 *     its message and in `params`; PGlite and pg in the cause and `detail`).
 */
export type LogFormat = 'pretty' | 'json';

/** Paths whose whole query string is a credential (verify/reset tokens, invite codes, URL signatures). */
const SECRET_QUERY_PATHS = new Set<string>([
  API.auth.verify,
  API.blobs.parts,
  API.blobs.object,
  // pages the mails link to (the web app reads the token from the address)
  '/verify',
  '/reset-password',
  '/signup',
  '/login',
  // the uploader's device login page, opened with the code to approve
  '/device',
]);
/**
 * Query parameters whose value opens something by itself, wherever they appear: a review link's
 * token (the link works without an account), e-mail and sign-up tokens, the desktop sockets' tokens,
 * URL signatures, and e-mail addresses (personal data). A list, not a pattern: a pattern missed
 * shared_link and hid ids such as cloud_assignment_db_id. The log test walks the route map's query
 * parameters, so a new one is placed on one side or the other.
 */
const SECRET_PARAMS = new Set<string>(
  [
    REVIEW_PARAM,
    'token',
    // a device login's code: approving it hands a token to whoever holds the device code
    'user_code',
    'launch_token',
    'inviteCode',
    'passcode',
    'password',
    'email',
    'sig',
    'signature',
    'X-Amz-Signature',
    'X-Amz-Credential',
    'X-Amz-Security-Token',
  ].map((name) => name.toLowerCase()),
);
const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pathname = url.slice(0, q);
  if (SECRET_QUERY_PATHS.has(pathname.replace(/\/+$/, '') || '/')) return `${pathname}?${REDACTED}`;
  const params = new URLSearchParams(url.slice(q + 1));
  const kept = [...params].map(([k, v]) => [k, SECRET_PARAMS.has(k.toLowerCase()) ? REDACTED : v]);
  return `${pathname}?${new URLSearchParams(kept).toString()}`;
}

/** Keys of database errors that hold row values or bound parameters. */
const SECRET_ERROR_KEYS = ['params', 'parameters', 'queryOptions', 'detail'];

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  constructor?: unknown;
  [key: string]: unknown;
}

const isErrorLike = (e: unknown): e is ErrorLike =>
  !!e && typeof e === 'object' && typeof (e as ErrorLike).message === 'string';

/** A PostgreSQL error (pg, PGlite): it has an SQLSTATE code and a severity. */
const isDatabaseError = (e: ErrorLike) =>
  typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';

/**
 * Drizzle's query error reads "Failed query: <sql>\nparams: <values>": keep the statement only.
 * PostgreSQL quotes the offending value at the end of some messages (`invalid input syntax for type
 * integer: "…"`): that value goes too; quoted names earlier in a message (constraints) stay.
 */
function safeMessage(e: ErrorLike): string {
  const message = String(e.message);
  if (typeof e.query === 'string' && 'params' in e && message.startsWith('Failed query:')) {
    return `Failed query: ${e.query}`;
  }
  if (isDatabaseError(e)) return message.replace(/: ".*"$/s, `: "${REDACTED}"`);
  return message;
}

function safeStack(e: ErrorLike): string {
  const stack = typeof e.stack === 'string' ? e.stack : '';
  const message = String(e.message);
  const safe = safeMessage(e);
  return safe === message ? stack : stack.replace(message, safe);
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** pino's error serializer, less SQL parameters and row values, with causes' messages and stacks. */
export function serializeError(err: unknown): SerializedError {
  if (!isErrorLike(err)) return { type: typeof err, message: String(err), stack: '' };
  const chain: ErrorLike[] = [];
  for (let e: unknown = err; isErrorLike(e) && chain.length < 8 && !chain.includes(e); e = e.cause)
    chain.push(e);
  const ctor = err.constructor as { name?: string } | undefined;
  const out: SerializedError = {
    type: typeof ctor?.name === 'string' ? ctor.name : String(err.name),
    message: chain.map(safeMessage).join(': '),
    stack: chain.map(safeStack).join('\ncaused by: '),
  };
  for (const key of Object.keys(err)) {
    if (key in out || key === 'cause' || SECRET_ERROR_KEYS.includes(key)) continue;
    const value = err[key];
    out[key] = isErrorLike(value) ? serializeError(value) : value;
  }
  return out;
}

/** Fastify's request serializer with the URL redacted. */
function serializeRequest(req: FastifyRequest) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip };
}

/** The `logger` option of Fastify; `stream` (tests) replaces the destination. */
export function loggerOptions(opts: { level: string; format: LogFormat; stream?: DestinationStream }) {
  const stream =
    opts.stream ??
    (opts.format === 'pretty' && opts.level !== 'silent'
      ? pretty({
          sync: true,
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname,reqId,req,res,responseTime',
        })
      : undefined);
  return {
    level: opts.level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: { req: serializeRequest, err: serializeError },
    ...(stream ? { stream } : {}),
  };
}

/**
 * One line per request when it is answered, instead of Fastify's pair ("incoming request", "request
 * completed"): "GET /api/x 200 12 ms", with the request and status as fields for JSON. Health checks
 * log at debug.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const ms = Math.round(reply.elapsedTime);
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${ms} ms`;
    const data = { req: request, res: reply, responseTime: ms, ...(error ? { err: error } : {}) };
    if (error) reply.log.error(data, line);
    else if (request.url === API.health) reply.log.debug(data, line);
    else reply.log.info(data, line);
  }

  override routeNotFound(request: FastifyRequest) {
    if (!this.isLogDisabled(request))
      request.log.info(`Route ${request.method}:${redactUrl(request.url)} not found`);
  }
}
