/**
 * The paths of passkeys, authenticator apps and recovery codes. The second-factor routes live under
 * the e-mail code's path (/api/auth/2fa/…), so the invitation cookie scoped to that path reaches them.
 * Kept apart from api.ts so /login's first load carries only these.
 */
export const SIGNIN_API = {
  /** POST: options for signing in with a passkey alone (discoverable credential) */
  passkeyLoginOptions: '/api/auth/passkey/options',
  /** POST: the signed answer; a full session */
  passkeyLogin: '/api/auth/passkey',
  /** GET: which other second factors the pending login's user has */
  secondFactors: '/api/auth/2fa/methods',
  secondPasskeyOptions: '/api/auth/2fa/passkey/options',
  secondPasskey: '/api/auth/2fa/passkey',
  secondTotp: '/api/auth/2fa/totp',
  secondRecovery: '/api/auth/2fa/recovery',
  /** GET: the account's passkeys, authenticator app and recovery codes */
  security: '/api/account/security',
  /** POST: options to register a passkey */
  passkeyRegisterOptions: '/api/account/passkeys/options',
  /** POST add (the signed answer), PUT rename, DELETE remove */
  passkeys: '/api/account/passkeys',
  /** POST: a new, unconfirmed secret with its QR code */
  totpSetup: '/api/account/authenticator/setup',
  /** POST confirm with a first code, DELETE remove */
  totp: '/api/account/authenticator',
  /** POST: a new set of recovery codes (replaces the old) */
  recoveryCodes: '/api/account/recovery-codes',
  /** POST: "Confirm it's you" with the password; opens the session's recent-authentication window */
  reauthPassword: '/api/account/confirm-identity',
  /** POST: options to confirm with one of the account's passkeys */
  reauthPasskeyOptions: '/api/account/confirm-identity/passkey/options',
  /** POST: the signed answer; opens the window like the password */
  reauthPasskey: '/api/account/confirm-identity/passkey',
} as const;
