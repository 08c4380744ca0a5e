// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- for tsconfigs that reach this file through an import (bench)
/// <reference path="./s3rver.d.ts" />
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { FsBlobStore } from './fsBlobStore.ts';
import { S3BlobStore } from './s3BlobStore.ts';
import { fsBlobRoutes, type FsBlobRoutesOptions } from './fsBlobRoutes.ts';

/** Test helpers for the blob store tests (not used by the app). */

export const MiB = 1024 * 1024;

export const testKey = (name = 'original') => `tests/${randomUUID()}/${name}`;

export async function makeTempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

/** Collects a stream; tests only, on small objects. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** PUTs a part to a signed URL the way a browser does and returns the ETag response header. */
export async function putPart(url: string, body: Uint8Array<ArrayBuffer>): Promise<string> {
  const res = await fetch(url, { method: 'PUT', body });
  if (res.status !== 200) throw new Error(`part upload answered ${res.status}: ${await res.text()}`);
  const etag = res.headers.get('etag');
  if (!etag) throw new Error('part upload answered without an ETag header');
  return etag;
}

export const randomData = (bytes: number) => randomBytes(bytes);

export interface FsHarness {
  store: FsBlobStore;
  app: FastifyInstance;
  dir: string;
  baseUrl: string;
  secret: string;
  close(): Promise<void>;
}

/** A filesystem store in a temp dir, served by a Fastify app with fsBlobRoutes on a random port. */
export async function startFsHarness(routeOpts: FsBlobRoutesOptions = {}): Promise<FsHarness> {
  const dir = await makeTempDir('rushes-blobs-');
  const secret = randomBytes(32).toString('base64url');
  // Tests end with keep-alive sockets from fetch still open; close them with the app (now and then
  // Node does not yet count one as idle at close time, and it would wait out the 72 s keep-alive).
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const root = path.join(dir, 'blobs');
  // The public URL is known only once listening; the routes never use it, so they get their own
  // instance over the same directory and secret (as a second API node would).
  const routeStore = new FsBlobStore({ root, publicBaseUrl: 'http://127.0.0.1', secret });
  await app.register(fsBlobRoutes(routeStore, routeOpts));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const store = new FsBlobStore({ root, publicBaseUrl: baseUrl, secret });
  return {
    store,
    app,
    dir,
    baseUrl,
    secret,
    async close() {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** An S3 store against s3rver in a temp dir on a random port (DESIGN §8: what s3rver does). */
export async function startS3Harness(): Promise<{ store: S3BlobStore; close(): Promise<void> }> {
  const dir = await makeTempDir('rushes-s3rver-');
  const bucket = 'rushes-test';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const store = new S3BlobStore({
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver's built-in account; it does not verify SigV4 signatures.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return {
    store,
    async close() {
      store.client.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
