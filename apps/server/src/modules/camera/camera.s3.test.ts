import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { assets } from '../../db/schema/index.ts';
import { readAll } from '../../platform/blobs/testHarness.ts';
import { studio } from '../projects/projects.testkit.ts';
import { createSession, curl, haveBinary, nextOutcomes, sha256, type Person } from './camera.testkit.ts';
import { startFtpServer, type FtpHandle } from './ftpServer.ts';

/** A camera's file streamed into the S3 driver (s3rver) of unknown length, bytes exact. */
const BUCKET = 'rushes-c2e-test';
const HAVE_CURL = haveBinary('curl');

let t: TestApp;
let s3: S3rver;
let ftp: FtpHandle;
let dir: string;
let owner: Person;
let projectId: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-c2e-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  t = await createTestApp({
    BLOB_DRIVER: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    UPLOAD_PART_SIZE: String(5 * 1024 * 1024),
    FTP_PORT: '0',
    RATE_LIMIT: 'false',
  });
  ftp = await startFtpServer(t.ctx, t.app.log);
  ({ owner, projectId } = await studio(t));
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe.runIf(HAVE_CURL)('camera to edit on the S3 driver', () => {
  it('an FTPS upload of 12 MiB lands in S3 with the same SHA-256', async () => {
    const session = await createSession(t, owner, projectId);
    const data = randomBytes(12 * 1024 * 1024 + 77);
    const file = path.join(dir, 'C0001.MXF');
    await writeFile(file, data);
    const decided = nextOutcomes(ftp, 1);
    const res = await curl(ftp.port, session, ['-T', file]);
    expect(res.stderr).toBe('');
    const [o] = await decided;
    expect(o.outcome).toBe('ingested');
    const [row] = await t.ctx.db.select().from(assets).where(eq(assets.id, o.file.assetId));
    expect(row).toMatchObject({ title: 'C0001.MXF', sizeBytes: data.length, kind: 'camera_to_edit_asset' });
    const stored = await readAll((await t.ctx.blobs.getObject(row.blobKey!)).body);
    expect(sha256(stored)).toBe(sha256(data));
  });
});
