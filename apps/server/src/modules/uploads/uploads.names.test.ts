import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { studio } from '../projects/projects.testkit.ts';
import { call, sessionRow, start, startBody } from './uploads.testkit.ts';

/** The names and types an upload starts with: judged and stored by the server, not the client. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('upload names', () => {
  it('refuses a restricted extension hidden behind trailing dots or spaces', async () => {
    const { owner, projectId } = await studio(t);
    for (const filename of ['evil.exe.', 'evil.exe ', 'evil.EXE. . ', 'tool.jar..', 'run.sh ']) {
      const res = await start(t, owner, projectId, 10, { filename });
      expect(res.status, JSON.stringify(filename)).toBe(400);
      expect(JSON.stringify(res.body), filename).toContain(MSG.uploadRestricted);
    }
  });

  it("derives the extension from the name and ignores the client's extension field", async () => {
    const { owner, projectId } = await studio(t);
    const body = startBody(projectId, 10, { filename: 'innocent.png' });
    body.data.file_info.extension = 'exe';
    const res = await call<{ upload_id: string }>(t, 'POST', API.uploads.root, owner, body);
    expect(res.status).toBe(200);
    expect((await sessionRow(t, res.body.data.upload_id))!.extension).toBe('png');
  });

  it('stores the normalised name: trailing dots and spaces dropped', async () => {
    const { owner, projectId } = await studio(t);
    const res = await start(t, owner, projectId, 10, { filename: 'Take 2.MOV. ' });
    expect(res.status).toBe(200);
    const row = (await sessionRow(t, res.body.data.upload_id))!;
    expect(row.filename).toBe('Take 2.MOV');
    expect(row.extension).toBe('mov');
  });

  it('refuses a name of only dots and spaces', async () => {
    const { owner, projectId } = await studio(t);
    const res = await start(t, owner, projectId, 10, { filename: ' . ' });
    expect(res.status).toBe(400);
  });

  it('answers 400 with a field message for a NUL character in the extension or mime type', async () => {
    const { owner, projectId } = await studio(t);
    for (const field of ['extension', 'mime_type'] as const) {
      const body = startBody(projectId, 10, { filename: 'clip.mov' });
      body.data.file_info[field] = 'mo\u0000v';
      const res = await call<{ errors: Record<string, string> }>(t, 'POST', API.uploads.root, owner, body);
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ response: false, errormessage: MSG.removeSpecialCharacters });
      expect(res.body.data.errors).toEqual({ [`data.file_info.${field}`]: MSG.removeSpecialCharacters });
    }
  });
});
