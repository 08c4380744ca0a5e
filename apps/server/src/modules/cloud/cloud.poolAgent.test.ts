import { randomBytes, randomInt } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_AGENT_TEXT, CLOUD_API } from '@rushes/shared';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { listen } from '../../../test/realtime-helpers.ts';
import { cloudPoolMachines } from '../../db/schema/index.ts';
import { sha, startCli, storedFiles } from '../camera/uploader.testkit.ts';
import { uploadFile } from '../uploads/uploads.testkit.ts';
import { book, call, cloudWorld, end, platformAdmin, sessionRow, type Person } from './cloud.testkit.ts';
import { LEASE_FAILURES_PER_MINUTE } from './cloud.poolAgent.ts';

/**
 * A pool workstation's agent service (`rushes-upload agent --service`) with the machine key its
 * registration showed once: it asks for the machine's lease, runs the session's agent in a home of
 * its own (the project's files arrive there, a render comes back, End syncs), then asks again. The
 * key of one machine gets nothing of another's. No desktop (no DISPLAY: nothing is launched).
 */

const OPS = `ops-pool-agent-${Date.now()}@example.com`;
let t: TestApp;
let appUrl: string;
let ops: Person;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ CLOUD_PROVIDER: 'pool', PLATFORM_ADMIN_EMAILS: OPS, TRUST_PROXY: 'true' });
  ops = await platformAdmin(t, OPS);
  appUrl = await listen(t);
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-pool-agent-'));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true }).catch(() => undefined);
});

type Keyed = {
  machines: { machine_db_id: string; has_agent_key: boolean; agent_seen_on: string | null }[];
  agent_key: { machine_db_id: string; key: string; command: string };
};
type Lease = { lease: { cloud_id: string; assignment_code: string; token: string } | null };

// each run asks from an address of its own (behind a trusted proxy): the limiter's counts in Redis
// do not carry from one run to the next
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const from = address();

async function lease(key: string | null, ip = from) {
  const res = await fetch(new URL(CLOUD_API.agentLease, appUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'api-type': 'uploader',
      'api-version': '1',
      'x-forwarded-for': ip,
      ...(key && { authorization: `Bearer ${key}` }),
    },
    body: '{}',
  });
  const body = (await res.json()) as { data: Lease; errormessage?: string };
  return { status: res.status, lease: body.data?.lease, message: body.errormessage, body };
}

const register = (name: string, hardware: string) =>
  call<Keyed>(t, 'POST', CLOUD_API.adminMachines, ops, {
    name,
    hardware_slug: hardware,
    host: `10.0.1.${randomInt(2, 250)}`,
    port: 5901,
    username: 'editor',
    password: 'S3cret-vnc',
  });

describe('a pool workstation runs our agent as a service', () => {
  it('gets its key once, asks with it, and runs each session of its machine to the final sync', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const a = (await register('Bay A', 'performance')).body.data;
    expect(a.agent_key.key).toMatch(/^rsm_[A-Za-z0-9_-]{40}$/);
    // this server's address as another computer reaches it, never loopback
    const command = /^rushes-upload agent --service --url (\S+) --machine-key (\S+)$/.exec(
      a.agent_key.command,
    );
    expect(command?.[2]).toBe(a.agent_key.key);
    expect(new URL(command![1]!).hostname).not.toMatch(/^(127\.|localhost$)/);
    const listed = await call<Keyed>(t, 'GET', CLOUD_API.adminMachines, ops);
    expect(JSON.stringify(listed.body.data)).not.toContain('rsm_');
    const bayA = (m: Keyed['machines'][number]) => m.machine_db_id === a.agent_key.machine_db_id;
    expect(listed.body.data.machines.find(bayA)).toMatchObject({ has_agent_key: true, agent_seen_on: null });
    const [row] = await t.ctx.db
      .select()
      .from(cloudPoolMachines)
      .where(eq(cloudPoolMachines.id, a.agent_key.machine_db_id));
    expect(row!.agentKeyHash).toMatch(/^[0-9a-f]{64}$/);
    const b = (await register('Bay B', 'standard')).body.data;
    // only platform admins make keys
    const rotate = { machine_db_id: b.agent_key.machine_db_id };
    expect((await call(t, 'PUT', CLOUD_API.adminMachineKey, owner, rotate)).status).toBe(403);
    const rotated = (await call<Keyed>(t, 'PUT', CLOUD_API.adminMachineKey, ops, rotate)).body.data;
    const keyB = rotated.agent_key.key;

    expect(await lease(null)).toMatchObject({ status: 401, message: CLOUD_AGENT_TEXT.machineKeyRefused });
    expect((await lease(`rsm_${'x'.repeat(40)}`)).status).toBe(401);
    expect((await lease(b.agent_key.key)).status).toBe(401); // the rotated-out key
    expect(await lease(a.agent_key.key)).toMatchObject({ status: 200, lease: null });

    // The service, on a machine where Shotcut is installed (a stand-in on its PATH).
    const bin = await mkdtemp(path.join(dir, 'bin-'));
    await writeFile(path.join(bin, 'shotcut'), '#!/bin/sh\nexit 0\n');
    await chmod(path.join(bin, 'shotcut'), 0o755);
    const homeRoot = path.join(dir, 'sessions');
    const service = startCli(
      [
        'agent',
        '--service',
        '--url',
        appUrl,
        '--machine-key',
        a.agent_key.key,
        '--home-root',
        homeRoot,
        '--keep-homes',
        '1',
      ],
      {
        ...process.env,
        PATH: `${bin}${path.delimiter}${process.env.PATH}`,
        DISPLAY: '',
        RUSHES_AGENT_HEARTBEAT_MS: '1000',
      },
    );
    await service.waitFor(/^agent service: no session on this machine, waiting$/m);
    // what it can run is the pool's offer before any session
    await expect
      .poll(
        async () =>
          (
            await t.ctx.db
              .select()
              .from(cloudPoolMachines)
              .where(eq(cloudPoolMachines.id, a.agent_key.machine_db_id))
          )[0]?.capabilities?.softwares,
        { timeout: 10_000 },
      )
      .toEqual(['shotcut']);

    const footage = randomBytes(300_000);
    await uploadFile(t, owner, projectId, footage, { filename: 'A001.mov', folderPath: '/Footage' });
    let rendersSeen = 0;
    let previousHome: string | null = null;
    for (const round of [1, 2]) {
      const booked = await book(t, owner, projectId, { hardware: 'performance', software: 'shotcut' });
      expect(booked.body.errormessage).toBe('');
      const id = booked.body.data.cloud_access_db_id;
      const code = booked.body.data.cloud_assignment_id;
      await t.ctx.jobs.drainForTests();
      // the machine runs our agent: the session waits for it
      expect((await sessionRow(t, id)).status).toMatch(/^machine_(booting|started)$/);
      const mine = await lease(a.agent_key.key);
      expect(mine.lease).toMatchObject({ cloud_id: id, assignment_code: code });
      expect(mine.lease!.token).toMatch(/^rsh_/);
      expect((await lease(keyB)).lease).toBeNull(); // another machine's key: nothing of this one

      const tag = code.replace(/[^A-Za-z0-9-]/g, '\\$&');
      await service.waitFor(new RegExp(`^\\[${tag}\\] phase started$`, 'm'));
      expect((await sessionRow(t, id)).status).toBe('machine_started');
      const home = path.join(homeRoot, code);
      // (--keep-homes 1: the finished session's home, its read-only media copy too, is removed)
      if (previousHome) await expect(stat(previousHome)).rejects.toThrow();
      previousHome = home;
      const projectDir = (
        await service.waitFor(new RegExp(`^\\[${tag}\\] project folder (.+), renders `, 'm'))
      )[1]!;
      expect(path.dirname(projectDir)).toBe(home);
      await service.waitFor(new RegExp(`^\\[${tag}\\] media: 1 file`, 'm'));
      expect(sha(await readFile(path.join(projectDir, 'Footage', 'A001.mov')))).toBe(sha(footage));

      const render = randomBytes(200_000 + round);
      await writeFile(path.join(home, 'Renders', `cut${round}.mp4`), render);
      await service.waitFor(new RegExp(`^\\[${tag}\\] render sent /Renders/cut${round}\\.mp4$`, 'm'));
      const renders = (await storedFiles(t, projectId)).filter((f) => f.folderPath === '/Renders');
      expect(renders.find((f) => f.title === `cut${round}.mp4`)?.sha).toBe(sha(render));
      expect(renders).toHaveLength(++rendersSeen);

      await end(t, owner, projectId, id);
      await service.waitFor(new RegExp(`^\\[${tag}\\] phase synced$`, 'm'), 20_000);
      await service.waitFor(new RegExp(`^\\[${tag}\\] agent exited \\(0\\)$`, 'm'));
      await t.ctx.jobs.drainForTests();
      expect((await sessionRow(t, id)).status).toBe('released');
      expect((await lease(a.agent_key.key)).lease).toBeNull();
      // back to asking, and this session's agent is not started again
      await expect
        .poll(
          () => service.output().match(/^agent service: no session on this machine, waiting$/gm)?.length,
          {
            timeout: 10_000,
          },
        )
        .toBe(round + 1);
    }
    expect(service.output().match(/agent started in/g)).toHaveLength(2);
    expect(await service.stop()).toBe(0);
    expect(
      (await call<Keyed>(t, 'GET', CLOUD_API.adminMachines, ops)).body.data.machines.find(bayA)
        ?.agent_seen_on,
    ).toMatch(/^\d{4}-/);
  });

  it('refuses every ask from an address after too many wrong keys, a right key too; another address is not held back', async () => {
    const { key } = (await register('Bay C', 'standard')).body.data.agent_key;
    const ip = address();
    for (let i = 0; i < LEASE_FAILURES_PER_MINUTE; i++)
      expect((await lease(`rsm_${'y'.repeat(40)}`, ip)).status).toBe(401);
    expect((await lease(key, ip)).status).toBe(429);
    expect((await lease(key, address())).status).toBe(200);
  });
});
