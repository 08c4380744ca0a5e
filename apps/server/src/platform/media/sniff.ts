import { fileTypeFromFile } from 'file-type';
import type { FileType } from '@rushes/shared';

/** The type found in the bytes (magic numbers), not the name: `file-type`'s answer, or null. */
export interface Sniffed {
  mime: string;
  ext: string;
}

export async function sniffFile(file: string): Promise<Sniffed | null> {
  const found = await fileTypeFromFile(file);
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
