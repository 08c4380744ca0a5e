import { fileTypeFromBuffer } from 'file-type';
import type { FileType } from '@rushes/shared';

/** The type found in the bytes (magic numbers), not the name: `file-type`'s answer, or null. */
export interface Sniffed {
  mime: string;
  ext: string;
}

/** Bytes from the start of a file that sniffing reads (file-type needs at most a few KiB of most formats). */
export const SNIFF_BYTES = 256 * 1024;

/** Sniffs the first bytes of a file (a ranged read of its first SNIFF_BYTES, not the whole file). */
export async function sniffBytes(head: Uint8Array): Promise<Sniffed | null> {
  const found = await fileTypeFromBuffer(head);
  return found ? { mime: found.mime, ext: found.ext } : null;
}

/** Extensions that sniffing cannot recognise (raw PCM-less formats, plain text) but the name tells. */
const BY_EXTENSION: Record<string, FileType> = {
  mxf: 'video',
  mov: 'video',
  mp4: 'video',
  m4v: 'video',
  mkv: 'video',
  webm: 'video',
  avi: 'video',
  mts: 'video',
  m2ts: 'video',
  wav: 'audio',
  mp3: 'audio',
  aac: 'audio',
  m4a: 'audio',
  flac: 'audio',
  ogg: 'audio',
  aif: 'audio',
  aiff: 'audio',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  tif: 'image',
  tiff: 'image',
  heic: 'image',
  avif: 'image',
};

/** The storyboard file_type (000 §3) from a MIME type, falling back to the extension. */
export function fileTypeOf(mime: string | null | undefined, extension: string | null | undefined): FileType {
  const m = (mime ?? '').toLowerCase();
  if (m.startsWith('image/')) return 'image';
  if (m.startsWith('video/') || m === 'application/mxf') return 'video';
  if (m.startsWith('audio/')) return 'audio';
  return BY_EXTENSION[(extension ?? '').toLowerCase()] ?? 'other';
}
