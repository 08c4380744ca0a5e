import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_ROUTES,
  API,
  CLOUD_API,
  INTEGRATIONS_API,
  PAYMENTS_API,
  type Envelope,
  type RouteDef,
} from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { randomAddress } from '../../../test/inject.ts';
import { asQuery, idFieldsOf, jsonSchemaOf, valueOf, type IdFor } from '../../../test/route-values.ts';
import { guardedRoutes, type GuardedRoute } from '../auth/guard.ts';
import { say } from '../../modules/chat/chat.testkit.ts';
import {
  addMembers,
  apiFolder,
  apiProject,
  bigTeam,
  insertFile,
  person,
  type Person,
} from '../../modules/projects/projects.testkit.ts';
import { apiTask } from '../../modules/tasks/tasks.testkit.ts';
import { start } from '../../modules/uploads/uploads.testkit.ts';

/**
 * Access declared per route, generated from the live route table: the guard records every
 * /api route as it is registered (hidden ones included; the signed blob routes and the API docs
 * carry their own proof and are not in it), so a new route is covered without anyone adding it here.
 * Who may call a route is read from the route map (packages/shared/src/routes: `public`, `policy`),
 * which is what registered it (platform/http/serve.ts); the map and the table must hold the same
 * routes. For every route: (a) an anonymous caller gets 401 unless it is public; (b) a non-public route
 * declares the policy that guards it; (c) a user of another team is refused (403/404, never 2xx or
 * 400) when the route takes an id and the ids are the owner's real ones. Values of the other fields
 * come from the route's zod schema (test/route-values.ts); OVERRIDES gives what cannot be derived.
 */

const key = (r: Pick<GuardedRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;

/** The route map by `METHOD /path`. */
const MAP = new Map(ALL_ROUTES.map((r) => [`${r.method} ${r.path}`, r]));

/** A registered route's entry in the route map (the map says who may call it). */
function entryOf(route: GuardedRoute): RouteDef {
  const entry = MAP.get(key(route));
  if (!entry) throw new Error(`${key(route)} is registered but not in the route map`);
  return entry;
}
const isPublic = (route: GuardedRoute) => entryOf(route).public === true;

/**
 * Routes open to any logged-in user although they take an id, each with the reason. The stranger's
 * answer on these is not checked.
 */
const OPEN_WITH_ID: Record<string, string> = {
  // Creating one's own team: user_db_ids name the people to add to it (the same rule as adding them
  // by e-mail), not anything of another team; any logged-in user may create a team (teams.policy.ts).
  [`POST ${API.teams.root}`]: 'the ids are the people added to the caller’s new team',
  // The caller's own home trays: team_db_id (which the web client adds to every call) only narrows the
  // caller's own memberships, so another team's id answers an empty page and shows nothing of it.
  [`GET ${API.projects.trays}`]: 'team_db_id only filters the caller’s own memberships',
  // A WebAuthn challenge is bound to the user it was issued to: another's is not found (400, passkeys.test.ts).
  [`POST ${API.signin.passkeys}`]: 'challenge_id names a challenge issued to the caller',
  [`POST ${API.signin.secondPasskey}`]: 'only a pending login reaches it (401), with its own challenge',
  [`POST ${API.signin.reauthPasskey}`]: 'challenge_id names a challenge issued to the caller',
};

/** Field values the schema cannot give (merged over the derived body or query). */
const OVERRIDES: Record<string, (w: World) => Record<string, unknown>> = {
  // project_id is the code the page shows, not a uuid
  [`GET ${API.projects.infoByCode}`]: (w) => ({ project_id: w.projectCode }),
  // a share names assets or a folder, not both (the folder share is checked in shares' links.test.ts)
  [`POST ${API.shares.root}`]: () => ({ folder_db_id: undefined }),
  // a marker export names an asset or a project, not both
  [`GET ${API.shares.markers}`]: () => ({ project_db_id: undefined }),
  // scope 'account' ignores team_id (the caller's own account); 'team' acts on the named team.
  [`POST ${API.account.twoFactorSend}`]: () => ({ scope: 'team' }),
  [`PUT ${API.account.twoFactorVerify}`]: () => ({ scope: 'team', otp: '123456' }),
  // an API token names its team and at least one scope
  [`POST ${API.camera.tokens}`]: () => ({ scopes: ['read'] }),
  // 'project' lists the caller's own writable projects; 'folder' browses the named project.
  [`GET ${API.projects.browse}`]: () => ({ destination: 'folder' }),
  // a request key is letters, digits, '_', ':' and '-' only
  [`POST ${PAYMENTS_API.addCredits}`]: () => ({ idempotency_key: 'access-check-key' }),
  // cloud: slugs and durations of the catalogue (a random string is no software)
  [`GET ${CLOUD_API.plugins}`]: () => ({ software_slug: 'premiere_pro' }),
  [`GET ${CLOUD_API.hardware}`]: () => ({ software_slug: 'premiere_pro' }),
  [`GET ${CLOUD_API.systems}`]: () => ({
    software_slug: 'premiere_pro',
    hardware_slug: 'standard',
    plugin_slug: '',
  }),
  [`POST ${CLOUD_API.availability}`]: () => ({
    duration: 60,
    cloud_configuration_db_id: 'premiere_pro.standard.',
  }),
  [`POST ${CLOUD_API.queue}`]: () => ({ duration: 60, cloud_configuration_db_id: 'premiere_pro.standard.' }),
  [`POST ${CLOUD_API.start}`]: () => ({
    duration: 60,
    cloud_configuration_db_id: 'premiere_pro.standard.',
    software_slug: 'premiere_pro',
    hardware_slug: 'standard',
    plugin_slug: [],
  }),
  // integrations: a valid form and bucket names, so the team rule is what answers
  ...Object.fromEntries(
    [INTEGRATIONS_API.s3, INTEGRATIONS_API.contido].map((p) => [
      `POST ${p}`,
      () => ({
        input: true,
        input_bucket: 'footage',
        access_key_id: 'a',
        secret_access_key: 'b',
        endpoint: 'https://contido.example.com',
      }),
    ]),
  ),
  ...Object.fromEntries(
    [`POST ${INTEGRATIONS_API.s3Imports}`, `POST ${INTEGRATIONS_API.contidoImports}`].map((k) => [
      k,
      () => ({ bucket: 'footage', keys: ['a.mp4'] }),
    ]),
  ),
  // webhooks: an https URL, so the team admin's rule is what answers
  [`POST ${API.webhooks.root}`]: () => ({ url: 'https://hooks.example.com/rushes' }),
  [`GET ${INTEGRATIONS_API.s3Folders}`]: () => ({ bucket: 'footage' }),
  [`GET ${INTEGRATIONS_API.contidoFolders}`]: () => ({ bucket: 'footage' }),
  ...Object.fromEntries(
    [`POST ${INTEGRATIONS_API.s3Uploads}`, `POST ${INTEGRATIONS_API.contidoUploads}`].map((k) => [
      k,
      () => ({ destination_bucket: 'footage' }),
    ]),
  ),
};

interface World {
  owner: Person;
  editor: Person;
  stranger: Person;
  teamId: string;
  projectId: string;
  /** The Project ID the page shows (what people copy into the uploader). */
  projectCode: string;
  folderId: string;
  assetId: string;
  taskId: string;
  messageId: string;
  requestId: string;
  uploadId: string;
}

let t: TestApp;
let w: World;

/** The owner's resource behind an id-like field name. */
const idFor =
  (world: World): IdFor =>
  (name) => {
    const n = name.replace(/s$/, '');
    if (/^(source_|destination_)?project(_db)?_id$/.test(n)) return world.projectId;
    if (/^(ingest|asset)(_db)?_id$/.test(n)) return world.assetId;
    if (/folder(_db)?_id$|^parent_db_id$/.test(n)) return world.folderId;
    if (/^task(_db)?_id$/.test(n)) return world.taskId;
    if (/^task_request_db_id$/.test(n)) return world.requestId;
    if (/^(team(_db)?_id|organisation_db_id)$/.test(n)) return world.teamId;
    if (/^(mention_)?user(_db)?_id$|^assigned_to$|^collabrated_with$/.test(n)) return world.editor.user.id;
    if (/^upload_id$/.test(n)) return world.uploadId;
    if (/^(message|chat)(_db)?_id$/.test(n)) return world.messageId;
    return undefined;
  };

beforeAll(async () => {
  t = await createTestApp();
  const owner = await person(t);
  const editor = await person(t);
  const stranger = await person(t);
  const teamId = await bigTeam(t, owner, [editor.user.id]);
  const projectId = await apiProject(t, owner, teamId);
  await addMembers(t, owner, projectId, [editor]);
  const folderId = await apiFolder(t, owner, projectId, 'Rushes');
  const asset = await insertFile(t, projectId, { parentId: folderId, folderPath: '/Rushes' });
  const task = await apiTask(t, owner, projectId, editor);
  const sent = await say(t, owner, projectId, 'Access check');
  const request = await t.call<{ task_request: { task_request_db_id: string } }>('POST', API.approvals.root, {
    cookie: owner.cookie,
    body: { ingest_db_id: asset.id, user_ids: [editor.user.id], task_type: 'task_approval', comment: 'ok' },
  });
  if (!request.body.response) throw new Error(`no approval request: ${request.body.errormessage}`);
  const upload = await start(t, owner, projectId, 1000);
  if (!upload.body.response) throw new Error(`no upload: ${upload.body.errormessage}`);
  // The stranger works in a team of their own, with a project of their own.
  await apiProject(t, stranger);
  const info = await t.call<{ project_id: string }>('GET', API.projects.info, {
    cookie: owner.cookie,
    query: { project_db_id: projectId },
  });
  w = {
    owner,
    editor,
    stranger,
    teamId,
    projectId,
    projectCode: info.body.data.project_id,
    folderId,
    assetId: asset.id,
    taskId: task.task_db_id,
    messageId: sent.message.id,
    requestId: request.body.data.task_request.task_request_db_id,
    uploadId: upload.body.data.upload_id,
  };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The live table, deletes last (a hole that deletes must not hide the routes after it). */
const table = () =>
  [...guardedRoutes(t.app)].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

async function send(route: GuardedRoute, cookie: string | undefined, payload: Record<string, unknown>) {
  const isGet = route.method === 'GET';
  const res = await t.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:(\w+)/g, (_, name: string) => String(payload[name] ?? '')),
    remoteAddress: randomAddress(),
    headers: { 'api-type': 'web', 'api-version': '1', ...(cookie ? { cookie } : {}) },
    ...(isGet ? { query: asQuery(payload) } : { payload }),
  });
  const json = String(res.headers['content-type'] ?? '').includes('application/json');
  return { status: res.statusCode, body: (json ? res.json() : null) as Envelope | null };
}

describe('the route table', () => {
  it('is the whole API', () => {
    expect(table().length).toBeGreaterThan(80);
  });

  it('holds exactly the routes of the route map, registered with the access the map declares', () => {
    const registered = new Set(table().map(key));
    expect(
      table()
        .filter((r) => !MAP.has(key(r)))
        .map(key),
    ).toEqual([]);
    expect([...MAP.keys()].filter((k) => !registered.has(k))).toEqual([]);
    expect(registered.size).toBe(table().length);
    const drift = table()
      .filter((r) => {
        const e = entryOf(r);
        const access = e.public ? 'public' : e.pending2fa ? 'pending_2fa' : 'user';
        return r.policy !== e.policy || r.access !== access;
      })
      .map(key);
    expect(drift).toEqual([]);
  });

  it('(a) refuses an anonymous caller with 401 on every route that is not public', async () => {
    const wrong: string[] = [];
    const routes = table().filter((r) => !isPublic(r));
    for (const route of routes) {
      const res = await send(route, undefined, {});
      if (res.status !== 401 || res.body?.errorcode !== 401 || res.body.response !== false)
        wrong.push(`${key(route)} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(routes.length).toBeGreaterThan(70);
  });

  it('(b) every route that is not public declares the policy that guards it', () => {
    const undeclared = table()
      .filter((r) => !isPublic(r) && !entryOf(r).policy)
      .map(key);
    expect(undeclared).toEqual([]);
  });

  it('(b) every declared policy resolves at boot: before the handler, or explicitly left to its service', () => {
    const guarded = table().filter((r) => !isPublic(r) && r.policy !== 'self');
    const unresolved = guarded.filter((r) => !r.policyCheck).map((r) => `${key(r)}: ${r.policy}`);
    expect(unresolved).toEqual([]);
    // 'self' routes have nothing to load; every other route's rule is a manifest's registration
    // (platform/policies.ts); those still applied by their service are registered as checkedInService.
    expect(
      table()
        .filter((r) => r.policy === 'self' && r.policyCheck)
        .map(key),
    ).toEqual([]);
    expect(guarded.filter((r) => r.policyCheck === 'preHandler').length).toBeGreaterThan(90);
  });

  it('(b) a declared policy names a rule its module defines', () => {
    const modulesDir = path.resolve(import.meta.dirname, '../../modules');
    const sourceOf = (m: string) =>
      readdirSync(path.join(modulesDir, m), { withFileTypes: true })
        .filter((f) => f.isFile() && f.name.endsWith('.ts') && !f.name.endsWith('.test.ts'))
        .map((f) => readFileSync(path.join(modulesDir, m, f.name), 'utf8'))
        .join('\n');
    const unknown = ALL_ROUTES.filter((r) => r.policy && r.policy !== 'self')
      .filter((r) => {
        const [m, rule] = r.policy!.split('.');
        const dir = readdirSync(modulesDir).includes(m);
        return !dir || !new RegExp(`\\b(const|function)\\s+${rule}\\b`).test(sourceOf(m));
      })
      .map((r) => `${r.method} ${r.path}: ${r.policy}`);
    expect(unknown).toEqual([]);
  });

  it('(c) refuses a user of another team on every route that takes an id, given the owner ids', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const route of table()) {
      if (isPublic(route) || OPEN_WITH_ID[key(route)]) continue;
      const schema = jsonSchemaOf(route.method === 'GET' ? route.schema?.querystring : route.schema?.body);
      const pathIds = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      if (idFieldsOf(schema).length === 0 && pathIds.length === 0) continue;
      const ids = idFor(w);
      const derived = schema ? (valueOf(schema, ids) as Record<string, unknown>) : {};
      for (const name of pathIds) derived[name] = ids(name);
      const payload = { ...derived, ...OVERRIDES[key(route)]?.(w) };
      const res = await send(route, w.stranger.cookie, payload);
      checked += 1;
      const refused = (res.status === 403 || res.status === 404) && res.body?.response === false;
      if (!refused)
        wrong.push(
          `${key(route)} ${JSON.stringify(payload).slice(0, 200)} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`,
        );
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  }, 60_000);
});
