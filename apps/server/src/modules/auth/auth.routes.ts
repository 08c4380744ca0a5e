import type { FastifyInstance } from 'fastify';
import { API, ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { ok } from '../../platform/http/envelope.ts';
import { clearSessionCookie, limit, requestMeta, setSessionCookie } from '../../platform/http/routes.ts';
import { joinedOf } from '../../platform/auth/guard.ts';
import type { SessionJoin } from '../../platform/auth/sessions.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import { currentUserJoin } from '../accounts/index.ts';
import { createAuthService } from './auth.service.ts';

/**
 * A team invitation code given at login is kept through the two-factor step in this short-lived,
 * httpOnly cookie scoped to the code route; the code is accepted once the login completes.
 */
export const INVITE_COOKIE = 'rushes_invite';

export function authRoutes(ctx: AppContext) {
  const service = createAuthService(ctx);
  const { config } = ctx;

  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.auth.signup, async (req) => ok(await service.signup(req.body, requestMeta(req))), {
      rateLimit: limit(config, 5),
    });

    serve(fastify, ROUTES.auth.verify, async (req) => ok(await service.verifyEmail(req.query.token)), {
      rateLimit: limit(config, 20),
    });

    serve(
      fastify,
      ROUTES.auth.login,
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
      { rateLimit: limit(config, 10) },
    );

    serve(
      fastify,
      ROUTES.auth.loginOtp,
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
      { rateLimit: limit(config, 10) },
    );

    serve(
      fastify,
      ROUTES.auth.loginOtpResend,
      async (req) => ok(await service.resendLoginCode(req.session!, requestMeta(req))),
      { rateLimit: limit(config, 5, 10) },
    );

    serve(fastify, ROUTES.auth.logout, async (req, reply) => {
      const result = await service.logout(req.session);
      clearSessionCookie(reply);
      return ok(result);
    });

    serve(
      fastify,
      ROUTES.auth.forgotPassword,
      async (req) => ok(await service.forgotPassword(req.body.email, requestMeta(req))),
      { rateLimit: limit(config, 5) },
    );

    serve(fastify, ROUTES.auth.resetPassword, async (req) => ok(await service.resetPassword(req.body)), {
      rateLimit: limit(config, 10),
    });

    // The session, its user, teams and upgrade wait in one statement (accounts' currentUserJoin).
    serve(
      fastify,
      ROUTES.auth.checkLogin,
      async (req) => {
        const user = joinedOf(req, currentUserJoin);
        if (!user) throw unauthorized();
        return ok(user);
      },
      { sessionJoin: currentUserJoin as SessionJoin<unknown> },
    );
  };
}
