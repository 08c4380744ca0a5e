/**
 * The words of the public pages (log in, sign up, verify, password reset, 2FA, outbox, not found)
 * and of the app's error page: the only texts /login's first load needs. They are part of UI and
 * MSG like every other text; this file keeps them apart so the pages that need nothing else do not
 * carry every screen's words (/login's initial JS).
 */
export const PUBLIC_UI = {
  // form labels
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  password: 'Password',
  existingPassword: 'Existing password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  /** Under password fields (spec 002 §5: password values are trimmed before sending). */
  passwordTrimHint: 'Spaces at the start or end are ignored.',
  toggleVisibility: 'Show or hide characters',
  verificationCode: 'Verification code',
  verificationDigit: (n: number) => `Digit ${n}`,

  // buttons and links
  logIn: 'Log in',
  signUp: 'Sign up',
  sendResetLink: 'Send reset link',
  resetPassword: 'Reset password',
  verify: 'Verify',
  resendCode: 'Resend code',
  resendCodeIn: (countdown: string) => `Resend code in ${countdown}`,
  changePassword: 'Change Password',
  submit: 'Submit',
  home: 'Home',
  refresh: 'Refresh',
  back: 'Back',
  forgotPassword: 'Forgot password',
  mailOutbox: 'Mail outbox',
  backToLogin: 'Back to log in',

  // auth page headings
  loginTitle: 'Log in to your account',
  signupTitle: 'Create your account',
  verifyTitle: 'Email verification',
  verifying: 'Verifying your email address…',
  forgotTitle: 'Forgot password',
  resetTitle: 'Reset password',
  twoFactorTitle: 'Two-factor authentication',
  twoFactorHint: 'Enter the 6 digit code we sent to your email address.',
  signingOut: 'Signing out…',

  // dev outbox
  outboxTitle: 'Mail outbox',
  outboxDisabled: 'Outbox is disabled when SMTP is configured',
  outboxTo: 'To',
  outboxLocalOnly:
    'Only readable from this machine (the one the server runs on): these mails hold sign-in links and codes.',
  outboxRemote:
    'Readable from any machine that reaches this server (MAIL_OUTBOX_REMOTE is on): these mails hold sign-in links and codes.',

  // not found
  pageNotFound: 'Page not found',
} as const;

export const PUBLIC_MSG = {
  // spec 002 §8 fixed messages
  somethingWentWrong: 'Something went wrong',
  noRecordFound: 'No Record Found',
  // spec 002 §2 error page
  errorPageTitle: 'Something Went Wrong. Refresh this page or try again later.',
  // decided (docs/decisions/README.md)
  invalidLink: 'This link is invalid or has expired',
  notFound: 'Not found',
} as const;

/** Toast heads (spec 002 §8). */
export const TOAST_HEAD = { success: 'Success', error: 'Error', info: 'Info', warning: 'Warning' } as const;

/** The login page's passkey words (SIGNIN_UI carries them too): apart, like the other public words. */
export const PASSKEY_LOGIN_UI = {
  signInWithPasskey: 'Sign in with a passkey',
  or: 'or',
  passkeysNeedSecure:
    'Passkeys need the app opened at a name (not an IP address), over HTTPS or at localhost.',
} as const;
