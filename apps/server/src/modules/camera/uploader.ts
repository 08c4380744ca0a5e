import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  API,
  MSG,
  UPLOADER_TARGETS,
  uploaderForm,
  type UploaderBuilds,
  type UploaderOs,
} from '@rushes/shared';
import type { Config } from '../../config.ts';
import { attachmentDisposition } from '../../platform/blobs/blobStore.ts';
import { notFound } from '../../platform/http/errors.ts';

/** manifest.json as packages/uploader/scripts/build.mjs writes it beside the files. */
const manifestSchema = z.object({
  version: z.string(),
  node: z.string(),
  built_at: z.string(),
  platforms: z.array(
    z.object({
      os: z.string(),
      file: z.string().regex(/^rushes-upload-[A-Za-z0-9._-]+$/),
      size: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      form: uploaderForm,
      node: z.string(),
    }),
  ),
});
type Manifest = z.infer<typeof manifestSchema>;
type Built = Manifest['platforms'][number];

/**
 * What UPLOADER_DIST holds now, read at each request so a build made while the server runs shows at
 * once: the manifest, and the platforms whose file is there at the size it lists (a file deleted or
 * being written by a build counts as not built, so no link points at it).
 */
async function readBuilt(config: Config): Promise<{ manifest: Manifest | null; built: Built[] }> {
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(
      JSON.parse(await readFile(path.join(config.uploaderDist, 'manifest.json'), 'utf8')),
    );
  } catch {
    return { manifest: null, built: [] };
  }
  const present = await Promise.all(
    manifest.platforms.map(async (p) => {
      const size = await stat(path.join(config.uploaderDist, p.file)).then(
        (s) => (s.isFile() ? s.size : -1),
        () => -1,
      );
      return size === p.size ? p : null;
    }),
  );
  return { manifest, built: present.filter((p): p is Built => p !== null) };
}

/** The same-origin path of a built file: it downloads from whatever address the app was reached at. */
const fileUrl = (file: string) => `${API.camera.uploaderFile}?name=${encodeURIComponent(file)}`;

/**
 * The uploader download URL per OS (001 §2, 002 §7): UPLOADER_URL_* when configured, else the file
 * this server built for that OS, else the product's own /uploader page for it (which says the file is
 * not built and how to build it). Paths are same-origin, never a loopback address (DESIGN §9).
 */
export async function uploaderUrl(config: Config, os: UploaderOs): Promise<string> {
  const configured: Record<UploaderOs, string | undefined> = {
    windows: config.UPLOADER_URL_WINDOWS,
    windows_portable: config.UPLOADER_URL_WINDOWS_PORTABLE,
    macos_intel: config.UPLOADER_URL_MACOS_INTEL,
    macos_silicon: config.UPLOADER_URL_MACOS_SILICON,
  };
  if (configured[os]) return configured[os];
  const file = (await readBuilt(config)).built.find((p) => p.os === os)?.file;
  return file ? fileUrl(file) : `/uploader?os=${os}`;
}

/** Every platform for the /uploader page: its built file (size, SHA-256, download path) or not built. */
export async function uploaderBuilds(config: Config): Promise<UploaderBuilds> {
  const { manifest, built } = await readBuilt(config);
  return {
    version: manifest?.version ?? null,
    node: manifest?.node ?? null,
    built_at: manifest?.built_at ?? null,
    platforms: UPLOADER_TARGETS.map(({ os, title }) => {
      const p = built.find((b) => b.os === os);
      return {
        os,
        title,
        built: Boolean(p),
        file: p?.file ?? null,
        url: p ? fileUrl(p.file) : null,
        size: p?.size ?? null,
        sha256: p?.sha256 ?? null,
        form: p?.form ?? null,
        node: p?.node ?? null,
      };
    }),
  };
}

const CONTENT_TYPES: Record<Built['form'], string> = {
  sea: 'application/octet-stream',
  zip: 'application/zip',
  'tar.gz': 'application/gzip',
};

/**
 * Sends one built file as an attachment, only a name the manifest lists (no path from the request
 * reaches the disk). One byte range is honoured so a browser can resume a broken download.
 */
export async function sendUploaderFile(
  config: Config,
  name: string,
  range: string | undefined,
  reply: FastifyReply,
) {
  const entry = (await readBuilt(config)).built.find((p) => p.file === name);
  if (!entry) throw notFound(MSG.fileNotFound);
  const file = path.join(config.uploaderDist, entry.file);
  const size = entry.size;
  reply
    .header('Content-Type', CONTENT_TYPES[entry.form])
    .header('Content-Disposition', attachmentDisposition(entry.file))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Accept-Ranges', 'bytes')
    .header('ETag', `"${entry.sha256}"`)
    .header('Cache-Control', 'private, no-cache');
  const asked = /^bytes=(\d*)-(\d*)$/.exec(range ?? '');
  if (asked && (asked[1] || asked[2])) {
    const start = asked[1] ? Number(asked[1]) : Math.max(0, size - Number(asked[2]));
    const end = asked[1] && asked[2] ? Math.min(Number(asked[2]), size - 1) : size - 1;
    if (start >= size || end < start) {
      return reply.code(416).header('Content-Range', `bytes */${size}`).send();
    }
    return reply
      .code(206)
      .header('Content-Range', `bytes ${start}-${end}/${size}`)
      .header('Content-Length', String(end - start + 1))
      .send(createReadStream(file, { start, end }));
  }
  return reply.header('Content-Length', String(size)).send(createReadStream(file));
}
