/**
 * The paths of the public pages' calls (log in, sign up, password, check-login) and of the account
 * settings, part of API (api.ts) and kept apart so /login's first load does not carry every
 * module's paths.
 */
export const AUTH_API = {
  signup: '/api/auth/signup',
  verify: '/api/auth/verify',
  login: '/api/auth/login',
  loginOtp: '/api/auth/2fa',
  loginOtpResend: '/api/auth/2fa/resend',
  logout: '/api/auth/logout',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  checkLogin: '/api/auth/check-login',
} as const;

export const ACCOUNT_API = {
  changePassword: '/api/account/change-password',
  twoFactorSend: '/api/account/two-factor/send',
  twoFactorVerify: '/api/account/two-factor',
} as const;

export const DEV_API = { outbox: '/api/dev/outbox' } as const;

/** Public auth paths: no team id is added, a 401 does not redirect (spec 002 §7). */
export const PUBLIC_API_PREFIX = '/api/auth/';
