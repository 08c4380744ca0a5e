// The upload rules of the web uploader (packages/shared/src/rules/uploads.ts and messages.ts), copied
// because the program bundles node built-ins only; uploader.rules.test.ts fails when they drift apart.

/** Texts the web shows for the same refusals. */
export const MSG = {
  uploadRestricted: 'This file type cannot be uploaded',
  uploadNameInvalid: 'Remove special characters from the file name',
  projectNotFound: 'Project not found',
};

/** Restricted extensions (spec 002 §5), lower case, without the dot. */
export const RESTRICTED_EXTENSIONS = [
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
  'jar',
  'war',
  'ear',
  'jnlp',
  'class',
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

/** Trailing dots and white space removed, as Windows saves a name. */
export const normaliseFilename = (filename) => filename.replace(/[\s.]+$/u, '');

export function extensionOf(filename) {
  const base = normaliseFilename(filename.split('/').pop() ?? filename);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export const isRestrictedExtension = (filename) => RESTRICTED.has(extensionOf(normaliseFilename(filename)));

export const UPLOAD_FILENAME_PATTERN = /^(?!\.)[\p{L}\p{M}\p{N} ._()-]{1,255}$/u;
export const FOLDER_NAME_PATTERN = /^[A-Za-z0-9 _-]+$/;

export function isValidUploadFolderPath(folderPath) {
  if (!folderPath.startsWith('/') || folderPath.length > 2000) return false;
  const segments = folderPath.split('/').filter((s) => s.length > 0);
  return (
    segments.length <= 20 &&
    segments.every((s) => s.length <= 100 && s.trim() === s && FOLDER_NAME_PATTERN.test(s))
  );
}

/** The web's refusal text for a file, or null when it may be uploaded. */
export function refusalOf(filename, folderPath = '/') {
  if (isRestrictedExtension(filename)) return MSG.uploadRestricted;
  if (
    !UPLOAD_FILENAME_PATTERN.test(filename) ||
    !normaliseFilename(filename) ||
    !isValidUploadFolderPath(folderPath)
  )
    return MSG.uploadNameInvalid;
  return null;
}
