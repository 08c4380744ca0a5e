/**
 * Our product as the upload benchmark drives it: `apps/server/src/main.ts` in its own process (own
 * DATA_DIR and PORT, PGlite, filesystem blobs, demo seed), a signed-in user (the seeded demo producer)
 * and a new project in the producer's team, all made through the HTTP API like the browser does.
 */
import { API, API_TYPE, API_VERSION } from '@rushes/shared';
import { DEMO_LOGIN } from '../../apps/server/src/seed.ts';
import { startTs, waitUntilUp, type Child } from './proc.ts';

export interface OurServer {
  child: Child;
  base: string;
  dataDir: string;
  port: number;
}

export interface Session {
  cookie: string;
  teamId: string;
  projectId: string;
}

/** Starts the server on `port` with `dataDir` (reused after a kill -9) and waits for /api/health. */
export async function startOurServer(
  dataDir: string,
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<OurServer> {
  const base = `http://127.0.0.1:${port}`;
  const child = startTs('apps/server/src/main.ts', [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DEMO_SEED: 'true',
    // V8 flags for our server only (e.g. '--max-semi-space-size=64'), to try GC settings against
    // the same baselines in one run
    ...(process.env.BENCH_OURS_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_OURS_NODE_OPTIONS } : {}),
    ...extraEnv,
  });
  await waitUntilUp(child, `${base}${API.health}`);
  return { child, base, dataDir, port };
}

/** A JSON API call as the web client makes it (API headers, cookie, envelope); returns `data`. */
export async function call<T>(
  base: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  payload: Record<string, unknown>,
  cookie = '',
): Promise<{ data: T; setCookie: string[] }> {
  const headers: Record<string, string> = { 'API-Type': API_TYPE, 'API-Version': API_VERSION, cookie };
  let url = `${base}${path}`;
  let body: string | undefined;
  if (method === 'GET') {
    url += `?${new URLSearchParams(payload as Record<string, string>)}`;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload);
  }
  const res = await fetch(url, { method, headers, body });
  const json = (await res.json().catch(() => null)) as {
    response?: boolean;
    data?: T;
    errormessage?: string;
  } | null;
  if (!res.ok || !json?.response) {
    throw new Error(
      `${method} ${path} → ${res.status} ${json?.errormessage ?? ''} ${JSON.stringify(json?.data ?? null).slice(0, 300)}`,
    );
  }
  return { data: json.data as T, setCookie: res.headers.getSetCookie() };
}

/** Logs the demo producer in and creates a project in their (Pro plan) team. */
export async function signInWithProject(base: string): Promise<Session> {
  const login = await call<unknown>(base, 'POST', API.auth.login, { ...DEMO_LOGIN });
  const cookie = login.setCookie.map((c) => c.split(';')[0]).join('; ');
  if (!cookie) throw new Error('login set no cookie');
  const me = await call<{ teams: Array<{ team_db_id: string; name: string; is_admin: boolean }> }>(
    base,
    'GET',
    API.auth.checkLogin,
    {},
    cookie,
  );
  const team = me.data.teams.find((t) => t.name === 'Demo Studio') ?? me.data.teams.find((t) => t.is_admin);
  if (!team) throw new Error('the demo producer has no team');
  const project = await call<{ project_db_id: string }>(
    base,
    'POST',
    API.projects.root,
    { team_db_id: team.team_db_id, title: `Upload bench ${Date.now()}` },
    cookie,
  );
  return { cookie, teamId: team.team_db_id, projectId: project.data.project_db_id };
}
