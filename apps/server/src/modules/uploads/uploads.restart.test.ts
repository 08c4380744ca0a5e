import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  API,
  partUrlFrom,
  type CurrentUser,
  type ListPartsAnswer,
  type SignPartsAnswer,
  type StartUploadAnswer,
} from '@rushes/shared';
import { apiClient, bootServer, freePort, kill9 } from '../../../test/restart.testkit.ts';
import { DEMO_LOGIN } from '../../seed.ts';
import { sha256, slice } from './uploads.testkit.ts';

/**
 * Kills the real server (apps/server/src/main.ts in a child process with its own DATA_DIR) with
 * SIGKILL in the middle of an upload, starts it again on the same data, and resumes: the client
 * asks which parts the server has, sends only the rest (the cut part from where it was cut),
 * completes, and the stored file's SHA-256 equals the source's.
 */
const PART = 256 * 1024;

let child: ChildProcess | null = null;
let dataDir = '';
afterAll(async () => {
  if (child) await kill9(child);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function boot(port: number) {
  const { url, proc } = await bootServer(port, { DATA_DIR: dataDir, UPLOAD_PART_SIZE: String(PART) });
  child = proc;
  return url;
}

describe('an upload survives kill -9 of the server', () => {
  it('resumes after a restart with the parts the server kept; the stored file is byte-identical', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rushes-restart-'));
    const port = await freePort();
    let url = await boot(port);
    const api = apiClient(() => url);

    await api('POST', API.auth.login, DEMO_LOGIN);
    const me = await api<CurrentUser>('GET', API.auth.checkLogin);
    const team = me.teams.find((x) => x.is_personal)!;
    const { project_db_id: projectId } = await api<{ project_db_id: string }>('POST', API.projects.root, {
      team_db_id: team.team_db_id,
      title: 'Restart reel',
    });

    const source = randomBytes(PART * 7 + 12345); // 8 parts
    const started = await api<StartUploadAnswer>('POST', API.uploads.root, {
      project_db_id: projectId,
      data: {
        upload_status: 'started',
        file_info: {
          filename: 'rushes.mov',
          folder_path: '/',
          extension: 'mov',
          size: source.length,
          mime_type: 'video/quicktime',
        },
      },
    });
    expect(started.part_count).toBe(8);
    const put = async (u: string, body: Buffer) => {
      // the fs driver's signed URLs are same-origin paths
      const res = await fetch(new URL(u, url), { method: 'PUT', body: new Uint8Array(body) });
      expect(res.status).toBe(200);
      return res.headers.get('etag')!;
    };
    for (const p of started.parts.slice(0, 3)) await put(p.url, slice(source, PART, p.PartNumber));

    // Part 4 is half sent when the server dies.
    let sentHalf: () => void = () => undefined;
    const halfSent = new Promise<void>((r) => (sentHalf = r));
    const part4 = slice(source, PART, 4);
    const inFlight = fetch(new URL(started.parts[3].url, url), {
      method: 'PUT',
      headers: { 'content-length': String(part4.length) },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new Uint8Array(part4.subarray(0, PART / 2)));
          setTimeout(sentHalf, 300);
        },
      }),
      duplex: 'half',
    } as RequestInit).catch((err: unknown) => err);
    await halfSent;
    await kill9(child!);
    // The half part never gets an ETag: its connection dies with the server.
    expect(await inFlight).toBeInstanceOf(Error);

    // The old process is gone (the port would otherwise still answer): this is a new server.
    expect(
      await fetch(`${url}${API.health}`).then(
        () => 'up',
        () => 'down',
      ),
    ).toBe('down');
    url = await boot(port);
    const listed = await api<ListPartsAnswer>(
      'GET',
      `${API.uploads.parts}?project_db_id=${projectId}&upload_id=${started.upload_id}`,
    );
    expect(listed.parts.map((p) => p.PartNumber)).toEqual([1, 2, 3]);
    expect(listed.parts.every((p) => p.Size === PART)).toBe(true);

    const missing = [4, 5, 6, 7, 8];
    const signed = await api<SignPartsAnswer>('POST', API.uploads.signParts, {
      project_db_id: projectId,
      upload_id: started.upload_id,
      part_numbers: missing,
    });
    // The half of part 4 that reached the server survived the kill: only its rest is sent again.
    expect(signed.parts.map((p) => p.offset ?? 0)).toEqual([PART / 2, 0, 0, 0, 0]);
    const etags = new Map(listed.parts.map((p) => [p.PartNumber, p.ETag]));
    for (const p of signed.parts) {
      const rest = slice(source, PART, p.PartNumber).subarray(p.offset ?? 0);
      etags.set(p.PartNumber, await put(partUrlFrom(p.url, p.offset), rest));
    }
    const done = await api<{ ingest_db_id: string }>('POST', API.uploads.complete, {
      project_db_id: projectId,
      upload_id: started.upload_id,
      folder_path: '/',
      parts: [...etags].sort((a, b) => a[0] - b[0]).map(([PartNumber, ETag]) => ({ PartNumber, ETag })),
    });

    const file = await fetch(`${url}${API.media.file}?ingest_db_id=${done.ingest_db_id}&kind=original`, {
      headers: { cookie: api.cookie() },
    });
    expect(file.status).toBe(200);
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(source));
    await kill9(child!);
    child = null;
  }, 240_000);
});
