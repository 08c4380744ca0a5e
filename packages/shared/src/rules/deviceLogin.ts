/**
 * The uploader's device-code login (like RFC 8628): the program asks for a code, the user approves it
 * in the browser where they are logged in, and the program receives a personal access token.
 */

/** The web page the program opens (with ?code=); the server answers it as an absolute URL. */
export const DEVICE_LOGIN_PAGE = '/device';
/** How long a device login waits for approval. */
export const DEVICE_CODE_TTL_SECONDS = 600;
/** The least time between two polls of the program (a faster poll is told slow_down, +5 s). */
export const DEVICE_POLL_INTERVAL_SECONDS = 5;
/**
 * Twenty consonants, as RFC 8628 §6.1 suggests: no vowels (so no words), no digits (so no 0/O or
 * 1/I/L to confuse), one case; 8 of them are about 34 bits, in two groups of four.
 */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;
/** The longest device name kept (so 'Uploader on <name>' fits a token name). */
export const DEVICE_NAME_MAX = 48;

/** What a user types, as stored: upper case, letters only (dashes and spaces dropped). */
export const normalizeUserCode = (typed: string) => typed.toUpperCase().replace(/[^A-Z]/g, '');
/** 'WDJBMJHT' → 'WDJB-MJHT' */
export const formatUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;
export const isUserCode = (code: string) =>
  code.length === USER_CODE_LENGTH && [...code].every((c) => USER_CODE_ALPHABET.includes(c));

export const DEVICE_TEXT = {
  title: 'Log in the uploader',
  intro:
    'The Rushes uploader on a computer asks to use your account. Approve only if you started it and the code matches the one it shows.',
  codeLabel: 'Code shown by the uploader',
  codePlaceholder: 'XXXX-XXXX',
  code: 'Code',
  find: 'Continue',
  device: 'Device',
  requested: 'Asked at',
  address: 'From address',
  approve: 'Approve',
  deny: 'Deny',
  approvedTitle: 'Uploader logged in',
  approved: (device: string) =>
    `The uploader on ${device} is now logged in with a personal access token. Revoke it under Personal access tokens in Account Settings when that computer no longer needs it.`,
  deniedTitle: 'Login denied',
  denied: 'The uploader on that device was not logged in. You can close this page.',
  anotherCode: 'Enter another code',
  tokenName: (device: string) => `Uploader on ${device}`,
} as const;

/** What the server answers (toasts on the page, lines the program prints). */
export const DEVICE_MESSAGES = {
  approved: 'Device approved',
  denied: 'Device denied',
  codeInvalid: 'This code is not valid or has expired',
  codeDecided: 'This code has already been approved or denied',
  deviceCodeInvalid: 'This device login is not valid or was already used: start the login again',
  pending: 'Waiting for approval in the browser',
  slowDown: 'Polling too fast: waiting longer between checks',
  deniedOnDevice: 'The login was denied in the browser',
  expired: 'The code expired before it was approved: start the login again',
  loggedIn: 'Logged in',
} as const;
