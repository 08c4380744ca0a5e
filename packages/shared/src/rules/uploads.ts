import { FOLDER_NAME_PATTERN, INGEST_STATUS } from '../schemas/projects.ts';

/**
 * Upload rules written once for the browser (unsupported-files modal) and the server (which refuses
 * the same files): restricted extensions (spec 002 §5), the file-name rule (000 §4), ingest status
 * codes (002 §3) and the upload item states (002 §4). Bounds we chose are in docs/decisions/0009-uploads-and-media.md.
 */

/**
 * Restricted extensions (002 §5: scripts, executables, installers, java archives, php and similar;
 * the spec does not show its list, ours is in docs/decisions/0009-uploads-and-media.md). Lower case, without the dot.
 */
export const RESTRICTED_EXTENSIONS: readonly string[] = [
  // Windows executables, libraries and installers
  'exe',
  'dll',
  'com',
  'scr',
  'pif',
  'cpl',
  'sys',
  'drv',
  'ocx',
  'msi',
  'msp',
  'mst',
  'msc',
  'msix',
  'msixbundle',
  'appx',
  'appxbundle',
  'application',
  'gadget',
  'hta',
  'inf',
  'reg',
  'lnk',
  'scf',
  'url',
  // scripts
  'bat',
  'cmd',
  'ps1',
  'ps1xml',
  'ps2',
  'psm1',
  'psd1',
  'vbs',
  'vbe',
  'vb',
  'js',
  'jse',
  'mjs',
  'cjs',
  'ws',
  'wsf',
  'wsc',
  'wsh',
  'sh',
  'bash',
  'zsh',
  'csh',
  'ksh',
  'fish',
  'command',
  'py',
  'pyc',
  'pyw',
  'pl',
  'rb',
  'lua',
  'tcl',
  'applescript',
  'scpt',
  'workflow',
  'action',
  // macOS / Linux packages and installers
  'app',
  'dmg',
  'pkg',
  'mpkg',
  'deb',
  'rpm',
  'apk',
  'xapk',
  'ipa',
  'run',
  'bin',
  'elf',
  'so',
  'dylib',
  'appimage',
  'snap',
  'flatpak',
  // java archives and bytecode
  'jar',
  'war',
  'ear',
  'jnlp',
  'class',
  // server-side pages and web scripts
  'php',
  'php3',
  'php4',
  'php5',
  'php7',
  'phtml',
  'phar',
  'asp',
  'aspx',
  'ashx',
  'asmx',
  'cer',
  'jsp',
  'jspx',
  'cgi',
  'htaccess',
  'shtml',
  'svgz',
  'html',
  'htm',
  'xhtml',
  // office macros
  'docm',
  'dotm',
  'xlsm',
  'xltm',
  'xlam',
  'pptm',
  'potm',
  'ppam',
  'ppsm',
  'sldm',
];

const RESTRICTED = new Set(RESTRICTED_EXTENSIONS);

/**
 * A file name as it is checked and stored: trailing dots and white space removed. Windows drops them
 * when it saves a file, so 'evil.exe.' and 'evil.exe ' are 'evil.exe' and must be judged as such.
 */
export const normaliseFilename = (filename: string) => filename.replace(/[\s.]+$/u, '');

/** The extension of a (normalised) file name, lower case, without the dot ('' when there is none). */
export function extensionOf(filename: string): string {
  const base = normaliseFilename(filename.split('/').pop() ?? filename);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** True for a restricted extension, judged on the normalised name: 'x.exe', 'x.exe.' and 'x.EXE ' are. */
export function isRestrictedExtension(filenameOrExtension: string): boolean {
  const name = normaliseFilename(filenameOrExtension);
  const ext = name.includes('.') ? extensionOf(name) : name;
  return RESTRICTED.has(ext.toLowerCase());
}

/**
 * File names (decided): letters of any script, digits, space, dot, underscore, hyphen and round
 * brackets; no leading dot (hidden files), at most 255 characters. Anything else is a name 'with
 * special characters' and goes to the unsupported-files modal.
 */
export const UPLOAD_FILENAME_PATTERN = /^(?!\.)[\p{L}\p{M}\p{N} ._()-]{1,255}$/u;
export const UPLOAD_FILENAME_MAX = 255;

/** Folder path of a file inside a folder upload: '/' or '/A/B'; each segment follows the folder-name rule. */
export const UPLOAD_FOLDER_PATH_MAX = 2000;
export const UPLOAD_FOLDER_DEPTH_MAX = 20;

export function folderPathSegments(folderPath: string): string[] {
  return folderPath.split('/').filter((s) => s.length > 0);
}

export function isValidUploadFolderPath(folderPath: string): boolean {
  if (!folderPath.startsWith('/') || folderPath.length > UPLOAD_FOLDER_PATH_MAX) return false;
  const segments = folderPathSegments(folderPath);
  return (
    segments.length <= UPLOAD_FOLDER_DEPTH_MAX &&
    segments.every((s) => s.length <= 100 && s.trim() === s && FOLDER_NAME_PATTERN.test(s))
  );
}

export type UnsupportedReason = 'restricted_extension' | 'special_characters';

/**
 * Why a picked file cannot be uploaded, or null when it can. `folderPath` is the file's folder
 * inside a folder upload ('/' for a plain file).
 */
export function unsupportedReason(filename: string, folderPath = '/'): UnsupportedReason | null {
  if (isRestrictedExtension(filename)) return 'restricted_extension';
  if (
    !UPLOAD_FILENAME_PATTERN.test(filename) ||
    !normaliseFilename(filename) ||
    !isValidUploadFolderPath(folderPath)
  ) {
    return 'special_characters';
  }
  return null;
}

/** Ingest/processing status codes (002 §3): INGEST_STATUS lives in schemas/projects.ts. */
export type IngestStatus = (typeof INGEST_STATUS)[keyof typeof INGEST_STATUS];

/** Statuses after which the media pipeline does nothing more with an asset. */
export const INGEST_FINAL_STATUSES: readonly number[] = [
  INGEST_STATUS.finished,
  INGEST_STATUS.failed,
  INGEST_STATUS.previewNotAvailable,
];

/** Upload item states of the top-bar menu (002 §4) and their texts. */
export const UPLOAD_STATES = ['pending', 'inprogress', 'finished', 'error', 'paused', 'cancelled'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];
export const UPLOAD_STATE_TEXT = { pending: 'In Queue', paused: 'Paused', error: 'Error' } as const;

/** Part sizes (decided): 16 MiB, grown so a file never needs more than 10,000 parts (S3's limit). */
export const UPLOAD_PART_SIZE_MIN = 5 * 1024 * 1024;
export const UPLOAD_PART_SIZE_DEFAULT = 16 * 1024 * 1024;
export const UPLOAD_MAX_PARTS = 10_000;
/** Largest file (S3's own limit, 5 TiB). */
export const UPLOAD_MAX_BYTES = 5 * 1024 ** 4;
/** Signed part URLs handed out per call (the start answer and each sign-parts call). */
export const UPLOAD_SIGN_BATCH_MAX = 100;
/**
 * Where the server takes a part in chunks (takesPartChunks), the client sends it in chunks of this
 * size and waits for each to be on the server's disk before the next: with 4 parts at once, a crash
 * of the server can cost at most 4 chunks = one 16 MiB part of bytes sent again.
 */
export const UPLOAD_ACK_CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * A part PUT that moves no byte for this long is given up and sent again: after a cable pull or a
 * dead Wi-Fi uplink the connection stays open and silent, and the browser never reports an error.
 */
export const UPLOAD_STALL_MS = 20_000;
/**
 * Waits before each new try of a part PUT that failed for the network's sake (no answer, a stall,
 * a 5xx). When they are spent the upload shows 'Error' (002 §4); it goes on by itself once the
 * browser is back online, or when the user resumes it.
 */
export const UPLOAD_RETRY_DELAYS_MS = [1000, 3000, 5000, 10_000] as const;

/** The part size the server picks for a file of `size` bytes (a multiple of 1 MiB). */
export function partSizeFor(size: number, base = UPLOAD_PART_SIZE_DEFAULT): number {
  if (size <= base * UPLOAD_MAX_PARTS) return base;
  const mib = 1024 * 1024;
  return Math.ceil(size / UPLOAD_MAX_PARTS / mib) * mib;
}

export const partCountFor = (size: number, partSize: number) => Math.max(1, Math.ceil(size / partSize));

/** The external player's address for an asset (002 §2): the configured URL with id and project query. */
export function externalPlayerHref(base: string, ingestDbId: string, projectDbId: string): string {
  const url = new URL(base);
  url.searchParams.set('id', ingestDbId);
  url.searchParams.set('project', projectDbId);
  return url.toString();
}
