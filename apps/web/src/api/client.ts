import {
  API_TYPE,
  API_VERSION,
  PUBLIC_MSG,
  PUBLIC_API_PREFIX,
  REQUEST_TIMEOUT_MS,
  TEAM_ID_STORAGE_KEY,
  type Envelope,
  type RouteDef,
  type RouteInput,
  type RouteOutput,
  type UpgradeData,
} from '@rushes/shared';

/**
 * The typed HTTP client over the envelope {response, data, errormessage, errorcode} (spec 002 §7).
 * GET sends its payload as a query string; POST, PUT and DELETE send a JSON body. Every call
 * carries API-Type and API-Version, includes credentials and times out after 60 s. Non-auth
 * calls carry the selected team as team_db_id.
 */

export class ApiError extends Error {
  readonly errorcode: number | undefined;
  readonly data: unknown;
  /** HTTP status, 0 when no answer arrived (network error or timeout). */
  readonly status: number;
  /** The API path called. */
  readonly path: string;

  constructor(message: string, errorcode: number | undefined, data: unknown, status: number, path: string) {
    super(message);
    this.name = 'ApiError';
    this.errorcode = errorcode;
    this.data = data;
    this.status = status;
    this.path = path;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Scalar = string | number | boolean | null | undefined;
export type QueryParams = Record<string, Scalar | Scalar[]>;
export type Body = Record<string, unknown>;

export interface RequestOptions {
  /** Cancels the call (TanStack Query passes one to every query function). */
  signal?: AbortSignal;
}

let unauthorizedHandler: ((path: string) => void) | null = null;

/** The app decides what a 401 on a non-auth call does (go to /logout on logged-in pages). */
export function setUnauthorizedHandler(handler: (path: string) => void): void {
  unauthorizedHandler = handler;
}

function selectedTeamId(): string | null {
  try {
    return localStorage.getItem(TEAM_ID_STORAGE_KEY);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEnvelope(value: unknown): value is Envelope {
  return isRecord(value) && typeof value.response === 'boolean';
}

function buildUrl(path: string, query: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) params.append(key, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function request<T>(
  method: Method,
  path: string,
  payload: Body = {},
  options: RequestOptions = {},
): Promise<T> {
  const isPublic = path.startsWith(PUBLIC_API_PREFIX);
  const team = isPublic ? null : selectedTeamId();
  const withTeam = team && payload.team_db_id === undefined ? { ...payload, team_db_id: team } : payload;

  const headers: Record<string, string> = { 'API-Type': API_TYPE, 'API-Version': API_VERSION };
  let url = path;
  let body: string | undefined;
  if (method === 'GET') {
    url = buildUrl(path, withTeam as QueryParams);
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(withTeam);
  }

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;

  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: 'include', signal });
  } catch (err) {
    // A cancel from the caller stays a cancel; a timeout or a network failure becomes an ApiError.
    if (options.signal?.aborted) throw err;
    throw new ApiError(PUBLIC_MSG.somethingWentWrong, undefined, null, 0, path);
  }

  const parsed = await readBody(res).catch(() => null);
  if (isEnvelope(parsed) && parsed.response && res.ok) return parsed.data as T;

  // A 401 status of a non-auth call is a lost session even without errorcode; on auth calls
  // (wrong password, expired 2FA attempt) only the errorcode counts.
  const envelope = isEnvelope(parsed) ? parsed : null;
  const errorcode = envelope?.errorcode ?? (res.status === 401 && !isPublic ? 401 : undefined);
  const message = envelope?.errormessage || PUBLIC_MSG.somethingWentWrong;
  const error = new ApiError(message, errorcode, envelope?.data ?? null, res.status, path);
  if (errorcode === 401 && !isPublic) unauthorizedHandler?.(path);
  throw error;
}

export const api = {
  get: <T>(path: string, query?: QueryParams, options?: RequestOptions) =>
    request<T>('GET', path, query, options),
  post: <T>(path: string, body?: Body, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: Body, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, body?: Body, options?: RequestOptions) =>
    request<T>('DELETE', path, body, options),
};

/** What a route takes: its query or body; team_db_id may be left to the client (the selected team). */
export type CallInput<R extends RouteDef> =
  RouteInput<R> extends infer I
    ? I extends { team_db_id: unknown }
      ? Omit<I, 'team_db_id'> & { team_db_id?: I['team_db_id'] }
      : I
    : never;

/**
 * In development, an answer that does not match its route's response schema is a contract break:
 * it is logged and thrown, so it shows at once. Production builds skip the check (the server already
 * serialises through the same schema).
 */
function checkAnswer<R extends RouteDef>(route: R, data: unknown): void {
  if (!import.meta.env.DEV || route.raw) return;
  const parsed = route.response.safeParse(data);
  if (parsed.success) return;
  const message = `${route.method} ${route.path}: the answer does not match the route map (${parsed.error.message})`;
  console.error(message, data);
  throw new Error(message);
}

/**
 * Calls one route of the typed contract (packages/shared/src/routes): the input is its query (GET)
 * or body, typed from the route map, and the answer its response schema's type, checked against that
 * schema in development.
 */
export async function call<R extends RouteDef>(
  route: R,
  ...[input, options]: undefined extends CallInput<R>
    ? [input?: CallInput<R>, options?: RequestOptions]
    : [input: CallInput<R>, options?: RequestOptions]
): Promise<RouteOutput<R>> {
  const data = await request<unknown>(route.method, route.path, (input ?? {}) as Body, options);
  checkAnswer(route, data);
  return data as RouteOutput<R>;
}

/** data.errors of a validation failure (field path → message), if the error carries one. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || !isRecord(error.data)) return null;
  const errors = error.data.errors;
  if (!isRecord(errors)) return null;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) if (typeof value === 'string') out[key] = value;
  return Object.keys(out).length ? out : null;
}

const UPGRADE_FIELDS = ['image_url', 'title', 'message', 'sub_title', 'button_text', 'website_link'] as const;

/**
 * data.upgrade_required of a plan-limit refusal, if the error carries one. The upgrade data is
 * the object itself, or (upgrade_required: true) the fields beside it in data.
 */
export function upgradeDataOf(error: unknown): UpgradeData | null {
  if (!(error instanceof ApiError) || !isRecord(error.data)) return null;
  const upgrade = error.data.upgrade_required;
  const source = upgrade === true ? error.data : isRecord(upgrade) ? upgrade : null;
  if (!source) return null;
  const out = {} as UpgradeData;
  for (const field of UPGRADE_FIELDS) out[field] = typeof source[field] === 'string' ? source[field] : '';
  return out;
}

/** A 401 (errorcode or status): not logged in (the guard's check-login) or the session ended. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && (error.errorcode === 401 || error.status === 401);
}

/** A 401 of a non-auth call: the client is already on its way to /logout, nothing to show. */
export function isSessionLost(error: unknown): boolean {
  return isUnauthorized(error) && !(error as ApiError).path.startsWith(PUBLIC_API_PREFIX);
}
