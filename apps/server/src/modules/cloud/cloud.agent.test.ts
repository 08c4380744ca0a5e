import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  CLOUD_AGENT_TEXT,
  CLOUD_API,
  type CloudAdminHealth,
  type CloudAgentSession,
  type CompleteUploadAnswer,
  type StartUploadAnswer,
} from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { send } from '../../../test/inject.ts';
import { notifications, personalAccessTokens } from '../../db/schema/index.ts';
import { createAccessToken } from '../../platform/auth/accessTokens.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import { apiProject } from '../projects/projects.testkit.ts';
import { putParts, uploadFile } from '../uploads/uploads.testkit.ts';
import type { AgentLaunch } from './cloud.machine.ts';
import { setProviderForTests } from './cloud.providers.ts';
import {
  agentWaitingProvider,
  balance,
  book,
  call,
  cloudWorld,
  end,
  jobsDueNow,
  platformAdmin,
  sessionRow,
  type Person,
} from './cloud.testkit.ts';

/**
 * The workstation agent's API with a fake agent: the simulated provider hands it its launch (as the
 * local provider hands a real one), and the test calls the agent routes with the session's token as
 * the agent does. The provider waits for the agent's 'started', as the local one does.
 */
let t: TestApp;
const ADMIN = 'ops-agent@rushes.test';
const launches = new Map<string, AgentLaunch>();
const changed: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ CLOUD_PROVIDER: 'simulated', PLATFORM_ADMIN_EMAILS: ADMIN });
  setProviderForTests(t.ctx, agentWaitingProvider(launches));
  t.ctx.events.on('cloud.changed', (e) => void changed.push(e.sessionId ?? ''));
});
afterAll(() => t?.close());

const auth = (token: string | undefined, who?: Person) => ({
  ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  ...(who ? { cookie: who.cookie } : {}),
});
const agentGet = <T>(url: string, id: string, token?: string, who?: Person) =>
  send<T>(t, 'GET', url, { query: { cloud_id: id }, ...auth(token, who) });
const agentPost = <T>(url: string, body: object, token?: string, who?: Person) =>
  send<T>(t, 'POST', url, { body, ...auth(token, who) });
const beat = (id: string, token: string, phase: string, idle: number | null = 0) =>
  agentPost<{ action: string }>(
    CLOUD_API.agentHeartbeat,
    { cloud_id: id, phase, idle_seconds: idle, pending: 0 },
    token,
  );
const putSettings = (id: string, token: string, bytes: Buffer) =>
  t.app.inject({
    method: 'PUT',
    url: `${CLOUD_API.agentSettings}?cloud_id=${id}`,
    payload: bytes,
    headers: {
      'api-type': 'web',
      'api-version': '1',
      'content-type': 'application/octet-stream',
      authorization: `Bearer ${token}`,
    },
  });
/** A signed URL of the manifest, fetched as the agent does (inject: the app does not listen). */
async function fetchSigned(url: string) {
  const u = new URL(url);
  const res = await t.app.inject({ method: 'GET', url: u.pathname + u.search });
  return { status: res.statusCode, bytes: res.rawPayload };
}

/** The agent uploads a file with its token through the upload protocol, as the uploader does. */
async function agentUpload(
  token: string,
  projectId: string,
  data: Buffer,
  filename: string,
  folderPath: string,
) {
  const started = await send<StartUploadAnswer>(t, 'POST', API.uploads.root, {
    ...auth(token),
    body: {
      project_db_id: projectId,
      folder_db_id: null,
      data: {
        upload_status: 'started',
        file_info: {
          filename,
          folder_path: folderPath,
          extension: 'mp4',
          size: data.length,
          mime_type: 'video/mp4',
        },
      },
    },
  });
  if (started.status !== 200) return { status: started.status, id: null };
  const parts = await putParts(t, started.body.data, data);
  const done = await send<CompleteUploadAnswer>(t, 'POST', API.uploads.complete, {
    ...auth(token),
    body: {
      project_db_id: projectId,
      upload_id: started.body.data.upload_id,
      folder_path: folderPath,
      parts,
    },
  });
  return { status: done.status, id: done.body.data.ingest_db_id };
}

/** Books and boots a session; answers it with its agent's token (the session stays booting). */
async function booted(who: Person, projectId: string, duration = 60) {
  const res = await book(t, who, projectId, { duration });
  if (!res.body.data) throw new Error(`booking refused: ${res.body.errormessage}`);
  const id = res.body.data.cloud_access_db_id;
  await t.ctx.jobs.drainForTests();
  return { id, token: launches.get(id)!.token };
}

describe('the workstation agent API', () => {
  it('manifest with working signed URLs, started by the agent, renders as versions, End after the final sync', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const clip = randomBytes(70_000);
    const still = randomBytes(900);
    await uploadFile(t, owner, projectId, clip, { filename: 'take1.mov', folderPath: '/Footage/Day 1' });
    await uploadFile(t, owner, projectId, still, { filename: 'poster.png' });

    const { id, token } = await booted(owner, projectId);
    expect(launches.get(id)).toMatchObject({ cloudId: id, serverUrl: expect.stringMatching(/^http/) });
    expect((await sessionRow(t, id)).status).toBe('machine_booting');
    const [tokenRow] = await t.ctx.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, (await sessionRow(t, id)).agentTokenId!));
    expect(tokenRow).toMatchObject({
      userId: owner.user.id,
      projectId,
      name: expect.stringMatching(/^Workstation CS-/),
    });

    const manifest = (await agentGet<CloudAgentSession>(CLOUD_API.agentSession, id, token)).body.data;
    expect(manifest).toMatchObject({ action: 'run', renders_folder: 'Renders', settings_url: null });
    expect(manifest.files.map((f) => [f.path, f.size])).toEqual([
      ['poster.png', 900],
      ['Footage/Day 1/take1.mov', 70_000],
    ]);
    for (const [f, bytes] of [
      [manifest.files[0]!, still],
      [manifest.files[1]!, clip],
    ] as const) {
      const got = await fetchSigned(f.url);
      expect(got.status).toBe(200);
      expect(Buffer.compare(got.bytes, bytes)).toBe(0);
    }

    changed.length = 0;
    expect((await beat(id, token, 'booting')).body.data.action).toBe('run');
    expect((await sessionRow(t, id)).status).toBe('machine_booting');
    expect((await beat(id, token, 'started')).body.data.action).toBe('run');
    const started = await sessionRow(t, id);
    expect(started.status).toBe('machine_started');
    expect(started.endsAt).not.toBeNull();
    await new Promise((r) => setImmediate(r));
    expect(changed).toContain(id);

    // two renders of one name in Renders: the second is version 2
    const render = async (bytes: Buffer) => {
      const up = await agentUpload(token, projectId, bytes, 'cut.mp4', '/Renders');
      expect(up.status).toBe(200);
      return (
        await agentPost<{ versioned: boolean; version_no: number | null }>(
          CLOUD_API.agentRender,
          { cloud_id: id, ingest_db_id: up.id },
          token,
        )
      ).body.data;
    };
    expect(await render(randomBytes(2000))).toEqual({ versioned: false, version_no: null });
    expect(await render(randomBytes(3000))).toEqual({ versioned: true, version_no: 2 });

    // End: the agent is asked for its final sync, the machine stops once it reports 'synced'
    await end(t, owner, projectId, id);
    expect((await beat(id, token, 'syncing')).body.data.action).toBe('final_sync');
    await t.ctx.jobs.drainForTests();
    expect((await sessionRow(t, id)).status).toBe('machine_shutting_down');
    expect((await beat(id, token, 'synced')).body.data.action).toBe('stop');
    await t.ctx.jobs.drainForTests();
    expect((await sessionRow(t, id)).status).toBe('released');
    expect((await beat(id, token, 'synced')).status).toBe(401);
  });

  it('the booked end time asks for the final sync too, and stops after the timeout without it', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const { id, token } = await booted(owner, projectId);
    await beat(id, token, 'started');
    await jobsDueNow(t, 'cloud.end');
    await t.ctx.jobs.drainForTests();
    expect((await sessionRow(t, id)).status).toBe('machine_shutting_down');
    expect((await beat(id, token, 'syncing')).body.data.action).toBe('final_sync');
    await t.ctx.jobs.drainForTests();
    expect((await sessionRow(t, id)).status).toBe('machine_shutting_down');
    await jobsDueNow(t, 'cloud.shutdown');
    await t.ctx.jobs.drainForTests();
    expect((await sessionRow(t, id)).status).toBe('released');
  });

  it('fails (refunded) a session whose agent never starts; the admin health shows the agents', async () => {
    const { owner, teamId, projectId } = await cloudWorld(t, 0);
    const paid = await balance(t, teamId);
    const silent = await booted(owner, projectId);
    const admin = await platformAdmin(t, ADMIN);
    const health = async () =>
      (await call<CloudAdminHealth>(t, 'GET', CLOUD_API.adminHealth, admin)).body.data.providers[0]!;
    expect((await call(t, 'GET', CLOUD_API.adminHealth, owner)).status).toBe(403);
    expect(await health()).toMatchObject({ name: 'simulated', unavailable_reason: null, binaries: null });
    expect((await health()).sessions.find((s) => s.cloud_id === silent.id)).toMatchObject({
      status: 'machine_booting',
      last_heartbeat: null,
      agent_lost: false,
    });
    await jobsDueNow(t, 'cloud.bootCheck');
    await t.ctx.jobs.drainForTests();
    expect((await sessionRow(t, silent.id)).status).toBe('failed');
    expect(await balance(t, teamId)).toBe(paid);
    expect((await beat(silent.id, silent.token, 'started')).status).toBe(401);

    const live = await booted(owner, projectId);
    await beat(live.id, live.token, 'started');
    const [shown] = (await health()).sessions.filter((s) => s.cloud_id === live.id);
    expect(shown).toMatchObject({
      agent_phase: 'started',
      last_heartbeat: expect.any(String),
      agent_lost: false,
    });
    expect((await health()).softwares.every((x) => x.runnable)).toBe(true);
    await end(t, owner, projectId, live.id);
    await beat(live.id, live.token, 'synced');
    await t.ctx.jobs.drainForTests();
  });

  it('refuses another user, another session’s token and no token on every agent route; the token reaches its project only', async () => {
    const { owner, others, teamId, projectId } = await cloudWorld(t, 1);
    const [member] = others as [Person];
    const mine = await booted(owner, projectId);
    const theirs = await booted(member, projectId);
    const routes = [
      () => ['GET', CLOUD_API.agentSession, { cloud_id: mine.id }] as const,
      () =>
        [
          'POST',
          CLOUD_API.agentHeartbeat,
          { cloud_id: mine.id, phase: 'started', idle_seconds: 0, pending: 0 },
        ] as const,
      () => ['POST', CLOUD_API.agentRender, { cloud_id: mine.id, ingest_db_id: mine.id }] as const,
    ];
    for (const route of routes) {
      const [method, url, payload] = route();
      const as = (o: object) =>
        send(t, method, url, {
          ...(method === 'GET' ? { query: payload as never } : { body: payload }),
          ...o,
        });
      expect((await as({})).status, url).toBe(401);
      expect((await as(auth(undefined, owner))).status, url).toBe(403);
      expect((await as(auth(theirs.token))).status, url).toBe(403);
    }
    expect((await putSettings(mine.id, theirs.token, Buffer.from('x'))).statusCode).toBe(403);

    // the agent's token: its own project, not another project of the same owner
    const other = await apiProject(t, owner, teamId);
    expect(
      (await send(t, 'GET', API.projects.info, { query: { project_db_id: projectId }, ...auth(mine.token) }))
        .status,
    ).toBe(200);
    expect(
      (await send(t, 'GET', API.projects.info, { query: { project_db_id: other }, ...auth(mine.token) }))
        .status,
    ).toBe(403);
    expect((await agentUpload(mine.token, other, randomBytes(10), 'x.mp4', '/')).status).toBe(403);
    expect((await send(t, 'GET', API.projects.infoMine, auth(mine.token))).status).toBe(403);
    // the uploader's (unscoped) token as before: every project of its user, not the agent routes
    const { token: uploader } = await createAccessToken(t.ctx.db, owner.user.id, 'Uploader');
    expect(
      (await send(t, 'GET', API.projects.info, { query: { project_db_id: other }, ...auth(uploader) }))
        .status,
    ).toBe(200);
    expect((await agentUpload(uploader, other, randomBytes(10), 'x.mp4', '/')).status).toBe(200);
    expect((await agentGet(CLOUD_API.agentSession, mine.id, uploader)).status).toBe(401);
    await end(t, owner, projectId, mine.id);
    await end(t, member, projectId, theirs.id);
    await t.ctx.jobs.drainForTests();
  });

  it('an idle desktop is warned, then ends with its unused whole hours refunded once', async () => {
    const { owner, teamId, projectId } = await cloudWorld(t, 0);
    const { id, token } = await booted(owner, projectId, 180);
    await beat(id, token, 'started');
    const row = await sessionRow(t, id);
    const before = await balance(t, teamId);
    const warnAfter = t.ctx.config.CLOUD_IDLE_WARN_MINUTES * 60;
    const messages = async () =>
      (await t.ctx.db.select().from(notifications).where(eq(notifications.userId, owner.user.id))).map(
        (n) => n.message,
      );

    await beat(id, token, 'started', warnAfter + 1);
    await t.ctx.jobs.drainForTests();
    expect(await messages()).toContain(CLOUD_AGENT_TEXT.idleWarning);
    expect((await sessionRow(t, id)).status).toBe('machine_started');

    await beat(id, token, 'started', t.ctx.config.CLOUD_IDLE_END_MINUTES * 60);
    await t.ctx.jobs.drainForTests();
    // booked 3 hours a moment ago: 2 whole hours unused
    expect((await sessionRow(t, id)).refunded).toBe(2 * row.pricePerHour);
    expect(await balance(t, teamId)).toBe(before + 2 * row.pricePerHour);
    expect(await messages()).toContain(CLOUD_AGENT_TEXT.idleEnded);
    // the job again (a retry): nothing more
    await enqueueJob(t.ctx.db, 'cloud.idle', { sessionId: id });
    await t.ctx.jobs.drainForTests();
    expect(await balance(t, teamId)).toBe(before + 2 * row.pricePerHour);
    expect((await sessionRow(t, id)).status).toBe('machine_shutting_down');
    expect((await beat(id, token, 'synced')).body.data.action).toBe('stop');
    await t.ctx.jobs.drainForTests();
  });

  it('keeps the settings archive for the same user’s next session in the team, not for another user', async () => {
    const { owner, others, projectId } = await cloudWorld(t, 1);
    const first = await booted(owner, projectId);
    const archive = randomBytes(5000);
    const saved = await putSettings(first.id, first.token, archive);
    expect(saved.statusCode, saved.body).toBe(200);
    await end(t, owner, projectId, first.id);
    await t.ctx.jobs.drainForTests();

    const next = await booted(owner, projectId);
    const url = (await agentGet<CloudAgentSession>(CLOUD_API.agentSession, next.id, next.token)).body.data
      .settings_url;
    const got = await fetchSigned(url!);
    expect(Buffer.compare(got.bytes, archive)).toBe(0);
    const member = await booted(others[0]!, projectId);
    expect(
      (await agentGet<CloudAgentSession>(CLOUD_API.agentSession, member.id, member.token)).body.data
        .settings_url,
    ).toBeNull();
  });
});
