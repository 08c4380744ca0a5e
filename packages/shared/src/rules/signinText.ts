import { PASSKEY_LOGIN_UI } from './publicText.ts';
/**
 * Passkeys, authenticator apps and recovery codes: limits and the words of the login's second step
 * and the account's Security section. The e-mail code's own texts stay in messages.ts / publicText.ts.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now (clock drift of the phone). */
export const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
export const WEBAUTHN_CHALLENGE_SECONDS = 300;
export const PASSKEY_NAME_MAX = 60;
/**
 * After "Confirm it's you" a session may change how its user signs in (passkeys, authenticator app,
 * recovery codes, turning two-factor off) for this long without being asked again.
 */
export const REAUTH_MINUTES = 10;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Rushes';

export const SIGNIN_MSG = {
  passkeyFailed: 'That passkey could not be verified. Try again.',
  passkeyUnknown: 'This passkey is not registered with Rushes.',
  passkeyExpired: 'The passkey request expired. Try again.',
  passkeyAdded: 'Passkey added',
  passkeyRenamed: 'Passkey renamed',
  passkeyRemoved: 'Passkey removed',
  passkeyNotFound: 'Passkey not found',
  passkeyCancelled: 'The passkey request was cancelled.',
  badOrigin: 'This request did not come from the address the app is open at.',
  totpInvalid: 'Invalid code',
  totpReused: 'This code was already used. Wait for the next one.',
  totpTooManyTries: 'Too many wrong attempts. Use another way to sign in.',
  totpNotSetUp: 'Set up an authenticator app first.',
  totpAlreadySetUp: 'An authenticator app is already set up. Remove it first.',
  totpAdded: 'Authenticator app added',
  totpRemoved: 'Authenticator app removed',
  recoveryInvalid: 'This recovery code is invalid or has already been used.',
  recoveryCreated: 'New recovery codes created. The old ones no longer work.',
  methodUnavailable: 'This way to sign in is not set up for your account.',
  reauthRequired: "Confirm it's you to change how you sign in.",
  reauthWrongPassword: 'Incorrect password',
  reauthConfirmed: 'Confirmed',
} as const;

export const SIGNIN_UI = {
  ...PASSKEY_LOGIN_UI,
  // second step
  usePasskey: 'Use a passkey',
  useAuthenticator: 'Use an authenticator app',
  useRecovery: 'Use a recovery code',
  useEmailCode: 'Use the code we e-mailed',
  otherWays: 'Other ways to sign in',
  authenticatorTitle: 'Authenticator app',
  authenticatorHint: 'Enter the 6-digit code your authenticator app shows for Rushes.',
  recoveryTitle: 'Recovery code',
  recoveryHint: 'Enter one of the recovery codes you saved. Each works once.',
  recoveryLabel: 'Recovery code',
  passkeyTitle: 'Passkey',
  passkeyHint: 'Use the passkey you set up for this account.',
  continueWithPasskey: 'Continue with passkey',
  // account settings
  security: 'Security',
  securityHint: 'Ways to sign in besides your password and the e-mailed code.',
  twoFactorOffNote:
    'Two-factor authentication is off: after your password these are asked only once it is on. A passkey signs you in on its own.',
  passkeys: 'Passkeys',
  passkeysHint: 'Sign in with your fingerprint, face or screen lock instead of a password.',
  noPasskeys: 'No passkeys yet.',
  addPasskey: 'Add a passkey',
  passkeyName: 'Passkey name',
  defaultPasskeyName: 'Passkey',
  rename: 'Rename',
  remove: 'Remove',
  save: 'Save',
  cancel: 'Cancel',
  created: 'Added',
  lastUsed: 'Last used',
  never: 'Never',
  synced: 'Synced',
  removePasskeyConfirm: 'Remove this passkey? You can no longer sign in with it.',
  authenticator: 'Authenticator app',
  authenticatorOn: 'An authenticator app is set up.',
  authenticatorOff: 'Use an app such as Google Authenticator or 1Password for 6-digit codes.',
  setUpAuthenticator: 'Set up an authenticator app',
  scanQr: 'Scan this QR code with your authenticator app, then enter the code it shows.',
  manualKey: 'Or enter this key by hand',
  confirmCode: 'Code from the app',
  confirm: 'Confirm',
  removeAuthenticatorConfirm: 'Remove the authenticator app? Its codes will stop working.',
  recoveryCodes: 'Recovery codes',
  recoveryCodesHint: 'Single-use codes for when you cannot use your other factors.',
  recoveryRemaining: (n: number) => `${n} of ${RECOVERY_CODE_COUNT} recovery codes left.`,
  noRecoveryCodes: 'No recovery codes yet.',
  createRecoveryCodes: 'Create recovery codes',
  regenerateRecoveryCodes: 'Create new recovery codes',
  regenerateConfirm: 'Create new recovery codes? The old ones stop working.',
  recoveryShownOnce: 'Save these codes now: they are shown only once.',
  copy: 'Copy',
  copied: 'Copied',
  download: 'Download',
  done: 'Done',
  // "Confirm it's you" before a change of how one signs in
  confirmItsYou: "Confirm it's you",
  confirmItsYouHint: `Enter your password to continue. You won't be asked again for ${REAUTH_MINUTES} minutes.`,
  confirmWithPasskey: 'Use a passkey instead',
  confirmContinue: 'Continue',
} as const;
