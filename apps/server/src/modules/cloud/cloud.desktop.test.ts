// system programs: Xvfb, openbox, x11vnc, shotcut
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { CLOUD_API, CLOUD_TEXT, type CloudTime } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { missingLocalBinaries } from './cloud.local.ts';
import { onPath } from './cloud.runnable.ts';
import { firstFramebufferUpdate, openSocket } from './cloud.rfb.testkit.ts';
import { book, call, cloudWorld, end, listeningLocalApp, person, time } from './cloud.testkit.ts';

/**
 * The local provider for real: a session's desktop (Xvfb + openbox + x11vnc) reached
 * through the server's WebSocket proxy with the issued password. Needs the binaries: skipped with a
 * notice on a laptop without them, required on CI.
 */
const missing = [...(await missingLocalBinaries()), ...((await onPath('shotcut')) ? [] : ['shotcut'])];
if (missing.length) {
  if (process.env.CI) throw new Error(`the local cloud provider needs ${missing.join(', ')} on CI`);
  console.warn(`Skipping the local desktop test: ${missing.join(', ')} not installed`);
}

let t: TestApp;
let base: string;
beforeAll(async () => {
  if (missing.length) return;
  const app = await listeningLocalApp({ CLOUD_LOCAL_GEOMETRY: '800x600' });
  t = app.t;
  base = app.url.replace('http:', 'ws:');
  // the lifecycle runs as on a server (the agent's 'started' and final sync are not jobs to drain)
  t.ctx.jobs.start();
}, 60_000);
afterAll(() => t?.close());

describe.skipIf(missing.length > 0)('a local desktop through the proxy', () => {
  it('the owner gets a framebuffer update with the issued password; others and after End are refused', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const booked = await book(t, owner, projectId, { software: 'shotcut' });
    expect(booked.body.errormessage ?? '').toBe('');
    const id = booked.body.data.cloud_access_db_id;
    // before it is started there is nothing to launch
    expect((await call(t, 'POST', CLOUD_API.launch, owner, { cloud_id: id })).status).toBe(400);
    let session = (await time(t, owner)).body.data as CloudTime;
    while (session.session?.machine_status === 'machine_booting') {
      await new Promise((r) => setTimeout(r, 100));
      session = (await time(t, owner)).body.data as CloudTime;
    }
    expect(session.session?.machine_status).toBe('machine_started');

    const launch = await call<{ url: string; password: string; launch_token: string }>(
      t,
      'POST',
      CLOUD_API.launch,
      owner,
      { cloud_id: id },
    );
    expect(launch.body.data.password).toBe(session.session?.password);
    const url = `${base}${launch.body.data.url}`;
    const cookie = owner.cookie;

    const ws: WebSocket = await openSocket(url, { cookie });
    const update = await firstFramebufferUpdate(ws, launch.body.data.password);
    expect(update).toMatchObject({ width: 800, height: 600 });
    expect(update.rects).toBeGreaterThan(0);
    ws.close();

    // a wrong password is refused by the VNC server itself
    const wrong = await openSocket(url, { cookie });
    await expect(firstFramebufferUpdate(wrong, 'nope1234')).rejects.toThrow(/authentication failed|closed/);
    wrong.close();

    // no session cookie, another user's cookie, a cross-site origin, a forged token: refused
    await expect(openSocket(url, {})).rejects.toThrow('refused: 401');
    const other = await person(t);
    await expect(openSocket(url, { cookie: other.cookie })).rejects.toThrow('refused: 403');
    await expect(openSocket(url, { cookie, origin: 'https://evil.example' })).rejects.toThrow('refused: 403');
    await expect(
      openSocket(url.replace(/launch_token=[^&]+/, 'launch_token=1.x'), { cookie }),
    ).rejects.toThrow('refused: 403');

    // after End: refused, and the desktop is gone
    const open = await openSocket(url, { cookie });
    const closed = new Promise((resolve) => open.once('close', resolve));
    await end(t, owner, projectId, id);
    await expect(openSocket(url, { cookie })).rejects.toThrow('refused: 403');
    await closed;
    while ((await time(t, owner)).body.data.session) await new Promise((r) => setTimeout(r, 100));
  }, 60_000);
});

describe('the local provider without its binaries', () => {
  it("answers 'Resource is not available' and books nothing", async () => {
    const app = await createTestApp({ CLOUD_PROVIDER: 'local' });
    const path = process.env.PATH;
    try {
      const { owner, projectId } = await cloudWorld(app, 0);
      process.env.PATH = '/nonexistent';
      expect(await missingLocalBinaries()).toEqual(['Xvfb', 'openbox', 'x11vnc']);
      const res = await book(app, owner, projectId, { software: 'shotcut' });
      expect(res.status).toBe(409);
      expect(res.body.errormessage).toBe(CLOUD_TEXT.resourceNotAvailable);
      expect((await time(app, owner)).body.data.session).toBeNull();
    } finally {
      process.env.PATH = path;
      await app.close();
    }
  }, 60_000);
});
