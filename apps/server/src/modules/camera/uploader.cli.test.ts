import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { listen } from '../../../test/realtime-helpers.ts';
import { assets } from '../../db/schema/index.ts';
import { readAll } from '../../platform/blobs/testHarness.ts';
import { project } from '../../../test/factories.ts';
import { projectTitle, studio } from '../projects/projects.testkit.ts';
import { call, type Person } from './camera.testkit.ts';
import { cliEnv, partProxy, programs, runCli as run, sha, type Program } from './uploader.testkit.ts';

const PART = 64 * 1024;

let t: TestApp;
let appUrl: string;
let dir: string;
let owner: Person;
let projectId: string;
let env: NodeJS.ProcessEnv;
const runCli = (args: string[], onLine?: Parameters<typeof run>[1], program?: Program) =>
  run(args, onLine, env, program);

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_PART_SIZE: String(PART), RATE_LIMIT: 'false' });
  appUrl = await listen(t);
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-uploader-test-'));
  env = cliEnv(path.join(dir, 'config'));
  ({ owner, projectId } = await studio(t));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(programs())('the uploader CLI, run by the $name', (program) => {
  let root: string;
  let projectId: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(dir, 'program-'));
    projectId = await project(t, owner, { title: projectTitle() });
  });

  it('uploads a folder of three files; killed halfway through the largest, it resumes without re-sending finished parts', async () => {
    const made = await call<{ token: string }>(t, 'POST', API.camera.tokens, owner, { name: 'laptop' });
    const token = made.body.data.token;
    const folder = path.join(root, 'Day 2');
    await mkdir(folder);
    const files = {
      'a.mov': randomBytes(10_000),
      'b.wav': randomBytes(PART + 5),
      'c.mxf': randomBytes(PART * 20 + 123),
    };
    for (const [name, data] of Object.entries(files)) await writeFile(path.join(folder, name), data);
    const proxy = partProxy(appUrl);
    const base = await proxy.listen();
    const state = path.join(root, 'state.json');
    const args = [
      '--url',
      base,
      '--token',
      token,
      '--project',
      projectId,
      '--parallel',
      '3',
      '--state',
      state,
      folder,
    ];

    // Phase 1: the largest file's parts are held after 8 completed; the uploader is killed then.
    proxy.setPhase(1, 8);
    const first = await runCli(
      args,
      (line, kill) => {
        if (line.startsWith('sent c.mxf') && proxy.done.filter((d) => d.phase === 1).length >= 2 + 8) {
          const wait = setInterval(() => {
            if (proxy.held.length > 0) {
              clearInterval(wait);
              kill();
            }
          }, 20);
        }
      },
      program,
    );
    expect(first.code).toBeNull();
    const bigUpload = proxy.done.filter((d) => d.phase === 1).at(-1)!.uploadId;

    // Phase 2: the same command resumes.
    proxy.setPhase(2);
    const second = await runCli(args, undefined, program);
    expect(second.err).toBe('');
    expect(second.code).toBe(0);
    const finishedBefore = new Set(
      proxy.done.filter((d) => d.uploadId === bigUpload && d.phase === 1).map((d) => d.part),
    );
    expect(finishedBefore.size).toBeGreaterThanOrEqual(8);
    expect(finishedBefore.size).toBeLessThan(21);
    expect(second.out).toContain(`resume /Day 2/c.mxf: ${finishedBefore.size}/21 parts already stored`);
    const resent = proxy.done.filter((d) => d.phase === 2);
    // Only the largest file's missing parts travel again: none of the finished ones, nothing of a and b.
    expect(resent.every((d) => d.uploadId === bigUpload)).toBe(true);
    expect(resent.filter((d) => finishedBefore.has(d.part))).toEqual([]);
    expect(new Set(resent.map((d) => d.part)).size).toBe(21 - finishedBefore.size);
    await proxy.close();

    const rows = await t.ctx.db
      .select()
      .from(assets)
      .where(and(eq(assets.projectId, projectId), eq(assets.isFolder, false)));
    expect(rows.map((r) => r.title).sort()).toEqual(['a.mov', 'b.wav', 'c.mxf']);
    for (const r of rows) {
      expect(r.folderPath).toBe('/Day 2');
      const stored = await readAll((await t.ctx.blobs.getObject(r.blobKey!)).body);
      expect(sha(stored)).toBe(sha(files[r.title as keyof typeof files]));
    }
  });
});

describe('the uploader CLI (packages/uploader)', () => {
  it('a revoked token is refused; a token reaches nothing but uploads and project info', async () => {
    const made = await call<{ token: string; access_token: { id: string } }>(
      t,
      'POST',
      API.camera.tokens,
      owner,
      {
        name: 'old',
      },
    );
    const { token } = made.body.data;
    const other = await fetch(`${appUrl}${API.camera.tokens}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.status).toBe(401);
    await call(t, 'DELETE', API.camera.tokens, owner, { id: made.body.data.access_token.id });
    const f = path.join(dir, 'late.mov');
    await writeFile(f, randomBytes(1000));
    const res = await runCli([
      '--url',
      appUrl,
      '--token',
      token,
      '--project',
      projectId,
      '--state',
      path.join(dir, 's2.json'),
      f,
    ]);
    expect(res.code).toBe(3);
    expect(res.err).toContain('rushes-upload:');
  });
});
