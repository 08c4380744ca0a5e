import { z } from 'zod';
import { API } from '../api.ts';
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
  signup: { method: 'POST', path: API.auth.signup, body: signupBody, response: messageData, public: true },
  verify: {
    method: 'GET',
    path: API.auth.verify,
    query: verifyEmailQuery,
    response: messageData,
    public: true,
  },
  login: { method: 'POST', path: API.auth.login, body: loginBody, response: loginResult, public: true },
  loginOtp: {
    method: 'POST',
    path: API.auth.loginOtp,
    body: loginOtpBody,
    response: messageData,
    policy: 'self',
    pending2fa: true,
  },
  loginOtpResend: {
    method: 'POST',
    path: API.auth.loginOtpResend,
    body: empty,
    response: messageData,
    policy: 'self',
    pending2fa: true,
  },
  logout: { method: 'POST', path: API.auth.logout, body: empty, response: messageData, public: true },
  forgotPassword: {
    method: 'POST',
    path: API.auth.forgotPassword,
    body: forgotPasswordBody,
    response: messageData,
    public: true,
  },
  resetPassword: {
    method: 'POST',
    path: API.auth.resetPassword,
    body: resetPasswordBody,
    response: messageData,
    public: true,
  },
  checkLogin: { method: 'GET', path: API.auth.checkLogin, response: currentUser, policy: 'self' },
});

/** Account settings: every route is the caller's own account. */
export const accountRoutes = defineRoutes('account', {
  changePassword: {
    method: 'POST',
    path: API.account.changePassword,
    body: changePasswordBody,
    response: messageData,
    policy: 'self',
  },
  twoFactorSend: {
    method: 'POST',
    path: API.account.twoFactorSend,
    body: twoFactorSendBody,
    response: messageData,
    policy: 'self',
  },
  twoFactorVerify: {
    method: 'PUT',
    path: API.account.twoFactorVerify,
    body: twoFactorVerifyBody,
    response: messageData,
    policy: 'self',
  },
});

/** The platform's own: the health check (load balancers, the e2e server's wait). */
export const platformRoutes = defineRoutes('platform', {
  health: { method: 'GET', path: API.health, response: z.object({ status: z.literal('ok') }), public: true },
});

/** The dev outbox (registered only without SMTP; answers loopback clients unless opened). */
export const devRoutes = defineRoutes('dev', {
  outbox: { method: 'GET', path: API.dev.outbox, response: outboxAnswer, public: true },
});
