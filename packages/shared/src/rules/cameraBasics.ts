/** Camera to edit and uploader values the app's first load needs (MSG, the route map). */

/** Texts the server answers and the eager shell shows (spec 001 §8 verbatim; the rest decided in docs/decisions/0026-camera-to-edit.md). */
export const CAMERA_MESSAGES = {
  c2eInitiated: 'C2E session initiated',
  c2ePaused: 'C2E session paused',
  c2eResumed: 'C2E session resumed',
  c2eDeleted: 'C2E session deleted',
  c2eNotFound: 'Session details not found.',
  c2eNotSettled: 'Wait until the C2E session is on or off',
  c2eProjectRoot: 'Project root',
  c2eTab: 'Camera to Edit',
  tokenCreated: 'Token created: copy it now, it is shown only once',
  tokenRevoked: 'Token revoked',
  tokenNotFound: 'Token not found',
} as const;

/** Uploader download (001 §2, 002 §7, §9). */
export const UPLOADER_KEY = 'ps_uploader';
export const UPLOADER_PLATFORMS = [
  { os: 'windows', title: 'Windows' },
  { os: 'windows_portable', title: 'Windows Portable' },
  { os: 'macos_intel', title: 'macOS Intel' },
  { os: 'macos_silicon', title: 'macOS Apple Silicon' },
] as const;
export type UploaderOs = (typeof UPLOADER_PLATFORMS)[number]['os'];
