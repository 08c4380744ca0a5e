import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { API, type C2eSession } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { call, type Person } from '../projects/projects.testkit.ts';
import type { FileOutcome, FtpHandle } from './ftpServer.ts';

export { call, type Person };
export { haveBinary } from '../../../test/programs.ts';

const run = promisify(execFile);
export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export async function createSession(
  t: TestApp,
  who: Person,
  projectId: string,
  o: { folderId?: string | null; plain?: boolean; model?: string } = {},
) {
  const res = await call<{ message: string; data: { c2e_session: C2eSession } }>(
    t,
    'POST',
    API.camera.sessions,
    who,
    {
      project_db_id: projectId,
      camera_model: o.model ?? 'sony-fx6',
      folder_db_id: o.folderId ?? null,
      allow_plain_ftp: o.plain ?? false,
    },
  );
  expect(res.body.response, res.body.errormessage).toBe(true);
  await t.ctx.jobs.drainForTests();
  return res.body.data.data.c2e_session;
}

/** Resolves with the next outcomes of received files matching `pred` (count of them). */
export function nextOutcomes(h: FtpHandle, count: number, pred: (o: FileOutcome) => boolean = () => true) {
  return new Promise<FileOutcome[]>((resolve) => {
    const got: FileOutcome[] = [];
    const on = (o: FileOutcome) => {
      if (!pred(o)) return;
      got.push(o);
      if (got.length === count) {
        h.events.off('file', on);
        resolve(got);
      }
    };
    h.events.on('file', on);
  });
}

export interface CurlResult {
  code: number;
  stderr: string;
  stdout: string;
}

/** curl as a camera: explicit FTPS (--ssl-reqd, self-signed certificate accepted) unless plain. */
export async function curl(
  port: number,
  s: { username: string; password: string },
  args: string[],
  o: { plain?: boolean; path?: string; host?: string } = {},
): Promise<CurlResult> {
  const tlsArgs = o.plain ? [] : ['--ssl-reqd', '-k'];
  try {
    const { stdout, stderr } = await run('curl', [
      '-sS',
      '--max-time',
      '60',
      ...tlsArgs,
      '--user',
      `${s.username}:${s.password}`,
      ...args,
      `ftp://${o.host ?? '127.0.0.1'}:${port}/${o.path ?? ''}`,
    ]);
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stderr?: string; stdout?: string };
    return { code: e.code ?? -1, stderr: e.stderr ?? '', stdout: e.stdout ?? '' };
  }
}

/** lftp with explicit FTPS required; answers its exit code and output. */
export async function lftp(port: number, s: { username: string; password: string }, script: string) {
  const settings =
    'set ftp:ssl-force true; set ftp:ssl-protect-data true; set ssl:verify-certificate no; set net:max-retries 1; set net:timeout 10; set cmd:fail-exit true;';
  try {
    const { stdout, stderr } = await run('lftp', [
      '-u',
      `${s.username},${s.password}`,
      '-p',
      String(port),
      '-e',
      `${settings} ${script}; bye`,
      '127.0.0.1',
    ]);
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stderr?: string; stdout?: string };
    return { code: e.code ?? -1, stderr: e.stderr ?? '', stdout: e.stdout ?? '' };
  }
}

/** Starts a slow curl upload from stdin that the caller kills mid-transfer. */
export function slowCurl(port: number, s: { username: string; password: string }, name: string) {
  return spawn('curl', [
    '-sS',
    '--ssl-reqd',
    '-k',
    '--limit-rate',
    '20k',
    '--user',
    `${s.username}:${s.password}`,
    '-T',
    '-',
    `ftp://127.0.0.1:${port}/${name}`,
  ]);
}
