import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type C2eSession } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { person } from '../../../test/factories.ts';
import { closeAllSockets, connect, join, listen, record } from '../../../test/realtime-helpers.ts';
import { setCodes, studio } from '../projects/projects.testkit.ts';
import { call, createSession, type Person } from './camera.testkit.ts';

let t: TestApp;
let url: string;
let owner: Person;
let collaborator: Person;
let outsider: Person;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
  url = await listen(t);
  ({ owner, collaborator, projectId } = await studio(t));
  outsider = await person(t);
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  closeAllSockets();
  await t?.close();
});

describe('camera to edit API (spec 001 §6, §7)', () => {
  it('refuses every call to a member without the camera-to-edit permission and to outsiders', async () => {
    const session = await createSession(t, owner, projectId);
    const ids = { project_db_id: projectId, c2e_session_db_id: session.c2e_session_db_id };
    const attempts = (who: Person) => [
      call(t, 'GET', API.camera.models, who, { project_db_id: projectId }),
      call(t, 'GET', API.camera.folders, who, { project_db_id: projectId }),
      call(t, 'GET', API.camera.sessions, who, { project_db_id: projectId }),
      call(t, 'POST', API.camera.sessions, who, { project_db_id: projectId, camera_model: 'sony-fx6' }),
      call(t, 'GET', API.camera.session, who, ids),
      call(t, 'PUT', API.camera.session, who, { ...ids, action: 'pause' }),
      call(t, 'PUT', API.camera.session, who, { ...ids, action: 'resume' }),
      call(t, 'DELETE', API.camera.session, who, ids),
    ];
    for (const who of [collaborator, outsider]) {
      const answers = await Promise.all(attempts(who));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 403));
    }
    const still = await call<{ c2e_session: C2eSession }>(t, 'GET', API.camera.session, owner, ids);
    expect(still.body.data.c2e_session.status).toBe('active');

    // A project admin grants it: the same collaborator may now create and pause.
    await setCodes(t, projectId, collaborator.user.id, ['can_upload_assets', 'can_camera_to_edit']);
    const mine = await createSession(t, collaborator, projectId);
    const paused = await call(t, 'PUT', API.camera.session, collaborator, {
      project_db_id: projectId,
      c2e_session_db_id: mine.c2e_session_db_id,
      action: 'pause',
    });
    expect(paused.body.response).toBe(true);
  });

  it('camera model is required; statuses settle with realtime c2e_session_update and c2e_sessions', async () => {
    const missing = await call(t, 'POST', API.camera.sessions, owner, { project_db_id: projectId });
    expect(missing.status).toBe(400);
    expect(missing.body.errormessage).toBe(MSG.required);

    const socket = await connect(url, { cookie: owner.cookie });
    expect((await join(socket, `project:${projectId}`)).ok).toBe(true);
    const updates = record(socket, 'c2e_session_update');
    const lists = record(socket, 'c2e_sessions');
    const created = await call<{ message: string; data: { c2e_session: C2eSession } }>(
      t,
      'POST',
      API.camera.sessions,
      owner,
      { project_db_id: projectId, camera_model: 'canon-c70', folder_db_id: null },
    );
    expect(created.body.data.message).toBe('C2E session initiated');
    const s = created.body.data.data.c2e_session;
    expect(s).toMatchObject({
      status: 'pending',
      folder_name: 'Project root',
      camera_title: 'Canon EOS C70',
    });
    expect(s.username).toMatch(/^c2e-[a-z0-9]{10}$/);
    await t.ctx.jobs.drainForTests();
    const ids = { project_db_id: projectId, c2e_session_db_id: s.c2e_session_db_id };
    // Delete needs a settled session; pausing twice is refused while pausing… then paused.
    await call(t, 'PUT', API.camera.session, owner, { ...ids, action: 'pause' });
    const early = await call(t, 'DELETE', API.camera.session, owner, ids);
    expect(early.status).toBe(409);
    await t.ctx.jobs.drainForTests();
    await expect
      .poll(() => updates.filter((u) => u.c2e_session_db_id === s.c2e_session_db_id).length)
      .toBe(3);
    expect(updates.filter((u) => u.c2e_session_db_id === s.c2e_session_db_id).map((u) => u.status)).toEqual([
      'active',
      'pausing',
      'paused',
    ]);
    const del = await call(t, 'DELETE', API.camera.session, owner, ids);
    expect(del.body.data).toEqual({ message: 'C2E session deleted' });
    await expect.poll(() => lists.length).toBeGreaterThanOrEqual(3);
    const gone = await call(t, 'GET', API.camera.session, owner, ids);
    expect(gone.body.errormessage).toBe('Session details not found.');
  });

  it('says whether the FTP host is a configured public host', async () => {
    const ids = (s: C2eSession) => ({ project_db_id: projectId, c2e_session_db_id: s.c2e_session_db_id });
    const unset = await createSession(t, owner, projectId);
    const read = await call<{ c2e_session: C2eSession }>(t, 'GET', API.camera.session, owner, ids(unset));
    // Without FTP_PUBLIC_HOST the host is only PUBLIC_URL's: the web shows the browser's host instead.
    expect(read.body.data.c2e_session).toMatchObject({ hostname: 'localhost', hostname_configured: false });

    const configured = await createTestApp({ RATE_LIMIT: 'false', FTP_PUBLIC_HOST: 'ftp.studio.example' });
    try {
      const world = await studio(configured);
      const s = await createSession(configured, world.owner, world.projectId);
      expect(s).toMatchObject({ hostname: 'ftp.studio.example', hostname_configured: true });
      const list = await call<{ c2e_sessions: C2eSession[] }>(
        configured,
        'GET',
        API.camera.sessions,
        world.owner,
        {
          project_db_id: world.projectId,
        },
      );
      expect(list.body.data.c2e_sessions[0]).toMatchObject({ hostname_configured: true });
    } finally {
      await configured.close();
    }
  });

  it('the uploader download answers a URL per OS', async () => {
    const res = await call<string>(t, 'GET', API.camera.uploaderDownload, owner, {
      os: 'macos_silicon',
      key: 'ps_uploader',
    });
    // the product's own page, on whatever address the app was reached at
    expect(res.body.data).toBe('/uploader?os=macos_silicon');
    const bad = await call(t, 'GET', API.camera.uploaderDownload, owner, { os: 'linux', key: 'ps_uploader' });
    expect(bad.status).toBe(400);
  });
});
