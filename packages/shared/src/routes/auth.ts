import { z } from 'zod';
import { ACCOUNT_API, AUTH_API, DEV_API } from '../authPaths.ts';
import { messageData } from '../envelope.ts';
import {
  forgotPasswordBody,
  loginBody,
  loginOtpBody,
  loginResult,
  resetPasswordBody,
  signupBody,
  verifyEmailQuery,
  changePasswordBody,
  twoFactorSendBody,
  twoFactorVerifyBody,
} from '../schemas/auth.ts';
import { currentUser, outboxAnswer } from '../schemas/account.ts';
import { defineRoutes } from './define.ts';

const empty = z.object({}).nullish();

/** Sign-up, login and its second step, logout, password reset, the session check (spec 002 §7). */
export const authRoutes = defineRoutes('auth', {
  signup: { method: 'POST', path: AUTH_API.signup, body: signupBody, response: messageData, public: true },
  verify: {
    method: 'GET',
    path: AUTH_API.verify,
    query: verifyEmailQuery,
    response: messageData,
    public: true,
  },
  login: { method: 'POST', path: AUTH_API.login, body: loginBody, response: loginResult, public: true },
  loginOtp: {
    method: 'POST',
    path: AUTH_API.loginOtp,
    body: loginOtpBody,
    response: messageData,
    policy: 'self',
    pending2fa: true,
  },
  loginOtpResend: {
    method: 'POST',
    path: AUTH_API.loginOtpResend,
    body: empty,
    response: messageData,
    policy: 'self',
    pending2fa: true,
  },
  logout: { method: 'POST', path: AUTH_API.logout, body: empty, response: messageData, public: true },
  forgotPassword: {
    method: 'POST',
    path: AUTH_API.forgotPassword,
    body: forgotPasswordBody,
    response: messageData,
    public: true,
  },
  resetPassword: {
    method: 'POST',
    path: AUTH_API.resetPassword,
    body: resetPasswordBody,
    response: messageData,
    public: true,
  },
  checkLogin: { method: 'GET', path: AUTH_API.checkLogin, response: currentUser, policy: 'self' },
});

/** Account settings: every route is the caller's own account. */
export const accountRoutes = defineRoutes('account', {
  changePassword: {
    method: 'POST',
    path: ACCOUNT_API.changePassword,
    body: changePasswordBody,
    response: messageData,
    policy: 'self',
  },
  twoFactorSend: {
    method: 'POST',
    path: ACCOUNT_API.twoFactorSend,
    body: twoFactorSendBody,
    response: messageData,
    policy: 'self',
  },
  twoFactorVerify: {
    method: 'PUT',
    path: ACCOUNT_API.twoFactorVerify,
    body: twoFactorVerifyBody,
    response: messageData,
    policy: 'self',
  },
});

/** The dev outbox (registered only without SMTP; answers loopback clients unless opened). */
export const devRoutes = defineRoutes('dev', {
  outbox: { method: 'GET', path: DEV_API.outbox, response: outboxAnswer, public: true },
});
