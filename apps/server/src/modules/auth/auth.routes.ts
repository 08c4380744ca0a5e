import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  API,
  currentUser,
  forgotPasswordBody,
  loginBody,
  loginOtpBody,
  loginResult,
  resetPasswordBody,
  signupBody,
  verifyEmailQuery,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { ok, messageReply, replies } from '../../platform/http/envelope.ts';
import {
  clearSessionCookie,
  limit,
  requestMeta,
  setSessionCookie,
  typed,
} from '../../platform/http/routes.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import { findUserById, presentCurrentUser } from '../accounts/index.ts';
import { createAuthService } from './auth.service.ts';

const tags = ['auth'];
/**
 * A team invitation code given at login is kept through the two-factor step in this short-lived,
 * httpOnly cookie scoped to the code route; the code is accepted once the login completes.
 */
const INVITE_COOKIE = 'rushes_invite';

export function authRoutes(ctx: AppContext) {
  const service = createAuthService(ctx);
  const { config } = ctx;

  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);

    app.post(
      API.auth.signup,
      {
        schema: { tags, body: signupBody, response: messageReply },
        config: { access: 'public', rateLimit: limit(config, 5) },
      },
      async (req) => ok(await service.signup(req.body, requestMeta(req))),
    );

    app.get(
      API.auth.verify,
      {
        schema: { tags, querystring: verifyEmailQuery, response: messageReply },
        config: { access: 'public', rateLimit: limit(config, 20) },
      },
      async (req) => ok(await service.verifyEmail(req.query.token)),
    );

    app.post(
      API.auth.login,
      {
        schema: { tags, body: loginBody, response: replies(loginResult) },
        config: { access: 'public', rateLimit: limit(config, 10) },
      },
      async (req, reply) => {
        const result = await service.login(req.body, requestMeta(req));
        setSessionCookie(reply, config, result.session);
        if (result.two_factor_required && req.body.invite_code) {
          reply.setCookie(INVITE_COOKIE, req.body.invite_code, {
            httpOnly: true,
            sameSite: 'lax',
            secure: config.publicUrl.startsWith('https://'),
            path: API.auth.loginOtp,
            maxAge: 600,
          });
        }
        return ok({ two_factor_required: result.two_factor_required });
      },
    );

    app.post(
      API.auth.loginOtp,
      {
        schema: { tags, body: loginOtpBody, response: messageReply },
        config: { policy: 'self', access: 'pending_2fa', rateLimit: limit(config, 10) },
      },
      async (req, reply) => {
        const session = await service.completeTwoFactorLogin(
          req.session!,
          req.body.otp,
          requestMeta(req),
          req.cookies[INVITE_COOKIE],
        );
        setSessionCookie(reply, config, session);
        if (req.cookies[INVITE_COOKIE]) reply.clearCookie(INVITE_COOKIE, { path: API.auth.loginOtp });
        return ok({ message: 'Logged in' });
      },
    );

    app.post(
      API.auth.loginOtpResend,
      {
        schema: { tags, body: z.object({}).nullish(), response: messageReply },
        config: { policy: 'self', access: 'pending_2fa', rateLimit: limit(config, 5, 10) },
      },
      async (req) => ok(await service.resendLoginCode(req.session!, requestMeta(req))),
    );

    app.post(
      API.auth.logout,
      {
        schema: { tags, body: z.object({}).nullish(), response: messageReply },
        config: { access: 'public' },
      },
      async (req, reply) => {
        const result = await service.logout(req.session);
        clearSessionCookie(reply);
        return ok(result);
      },
    );

    app.post(
      API.auth.forgotPassword,
      {
        schema: { tags, body: forgotPasswordBody, response: messageReply },
        config: { access: 'public', rateLimit: limit(config, 5) },
      },
      async (req) => ok(await service.forgotPassword(req.body.email, requestMeta(req))),
    );

    app.post(
      API.auth.resetPassword,
      {
        schema: { tags, body: resetPasswordBody, response: messageReply },
        config: { access: 'public', rateLimit: limit(config, 10) },
      },
      async (req) => ok(await service.resetPassword(req.body)),
    );

    app.get(
      API.auth.checkLogin,
      { schema: { tags, response: replies(currentUser) }, config: { policy: 'self' } },
      async (req) => {
        const user = await findUserById(ctx.db, userIdOf(req));
        if (!user) throw unauthorized();
        return ok(await presentCurrentUser(ctx.db, user));
      },
    );
  };
}
