import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ByteRange } from './blobStore.ts';
import type { FsLayout, ObjectMeta, StoredPart } from './fsLayout.ts';

/*
 * Composite objects of the filesystem driver: a completed multipart upload keeps its part files
 * (moved, never copied) in objects/<key>~parts/, listed in order in the object's meta. Completing
 * is then a few renames whatever the file size — joining 2 GiB by copying cost seconds per GiB —
 * and reads stream across the part files, ranges included.
 */

export interface CompositePart {
  file: string;
  size: number;
}

export const partsDir = (disk: FsLayout, key: string) =>
  `${disk.objectPath(key).replace(/~blob$/, '')}~parts`;

export const compositeSize = (meta: ObjectMeta) => (meta.parts ?? []).reduce((n, p) => n + p.size, 0);

/**
 * Moves the chosen part files out of the upload directory into the object's parts directory:
 * into a temp directory first, then metadata, then one rename publishes the data.
 */
export async function commitComposite(
  disk: FsLayout,
  key: string,
  uploadDir: string,
  chosen: StoredPart[],
  meta: ObjectMeta,
) {
  const tmp = await disk.tempPath();
  await mkdir(tmp);
  try {
    for (const part of chosen) await rename(path.join(uploadDir, part.file), path.join(tmp, part.file));
    await removeObjectData(disk, key);
    await mkdir(path.dirname(disk.objectPath(key)), { recursive: true });
    const parts = chosen.map((p) => ({ file: p.file, size: p.size }));
    await disk.writeJsonAtomic(disk.metaPath(key), { ...meta, parts });
    await rename(tmp, partsDir(disk, key));
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
}

/** Removes a key's bytes, plain or composite (not its meta). */
export async function removeObjectData(disk: FsLayout, key: string) {
  await rm(disk.objectPath(key), { force: true });
  await rm(partsDir(disk, key), { recursive: true, force: true });
}

/** True when the composite's parts directory is in place (meta alone is a crash leftover). */
export async function compositeExists(disk: FsLayout, key: string) {
  return (await stat(partsDir(disk, key)).catch(() => null))?.isDirectory() ?? false;
}

/** The bytes of `range` (or all) across the part files, one open file at a time. */
export function compositeStream(
  disk: FsLayout,
  key: string,
  parts: CompositePart[],
  range?: ByteRange,
): Readable {
  const dir = partsDir(disk, key);
  const total = parts.reduce((n, p) => n + p.size, 0);
  const start = range?.start ?? 0;
  const end = range?.end ?? total - 1;
  async function* bytes() {
    let offset = 0;
    for (const p of parts) {
      const first = offset;
      const last = offset + p.size - 1;
      offset += p.size;
      if (p.size === 0 || last < start || first > end) continue;
      yield* createReadStream(path.join(dir, p.file), {
        start: Math.max(start, first) - first,
        end: Math.min(end, last) - first,
        highWaterMark: 1024 * 1024,
      });
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}

/** Copies a composite by hard links (same file system; copies when linking is refused). */
export async function copyComposite(disk: FsLayout, srcKey: string, dstKey: string, meta: ObjectMeta) {
  const tmp = await disk.tempPath();
  await mkdir(tmp);
  try {
    for (const p of meta.parts ?? []) {
      const from = path.join(partsDir(disk, srcKey), p.file);
      await link(from, path.join(tmp, p.file)).catch(() => copyFile(from, path.join(tmp, p.file)));
    }
    await removeObjectData(disk, dstKey);
    await mkdir(path.dirname(disk.objectPath(dstKey)), { recursive: true });
    await disk.writeJsonAtomic(disk.metaPath(dstKey), meta);
    await rename(tmp, partsDir(disk, dstKey));
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
}
