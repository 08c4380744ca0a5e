import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API, ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { ok } from '../../platform/http/envelope.ts';
import { limit, requestMeta, setSessionCookie } from '../../platform/http/routes.ts';
import { userIdOf as sessionUserIdOf } from '../../platform/auth/guard.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { assertRecentAuth } from '../../platform/auth/reauth.ts';
import { findUserById, requiresTwoFactor } from '../accounts/index.ts';
import { INVITE_COOKIE } from './auth.routes.ts';
import { createPasskeysService, passkeyCount } from './passkeys.service.ts';
import { createRecoveryService, unusedRecoveryCodes } from './recovery.service.ts';
import { finishSignIn, type SignInMethod } from './signin.finish.ts';
import { createTotpService, hasAuthenticator } from './totp.service.ts';
import { siteOf } from './webauthn.site.ts';

const R = ROUTES.signin;

/**
 * The signed-in person in the browser, never an API token: a token that could add a passkey or an
 * authenticator app would turn into a sign-in of its own.
 */
function userIdOf(req: FastifyRequest) {
  const userId = sessionUserIdOf(req);
  if (req.session?.tokenId) throw forbidden();
  return userId;
}

/**
 * Passkeys, authenticator-app codes and recovery codes: sign-in by passkey alone, the other second
 * steps of a pending login (beside the e-mailed code of auth.routes.ts), and the account's Security
 * section. Code routes are limited like the e-mailed code's.
 */
export function signinRoutes(ctx: AppContext) {
  const passkeys = createPasskeysService(ctx);
  const totp = createTotpService(ctx);
  const recovery = createRecoveryService(ctx);
  const { config, db } = ctx;

  /**
   * A change of how the user signs in asks who is at the keyboard: the session must have confirmed
   * it within the window ("Confirm it's you", reauth.routes.ts). Renaming a passkey changes nothing.
   */
  async function recentUserIdOf(req: FastifyRequest) {
    const userId = userIdOf(req);
    await assertRecentAuth(db, ctx.secret, req);
    return userId;
  }

  /** The pending login becomes a full session (the invitation kept through it is accepted). */
  async function completePending(req: FastifyRequest, reply: FastifyReply, method: SignInMethod) {
    const pending = req.session!;
    const session = await finishSignIn(ctx, {
      userId: pending.userId,
      pendingIdHash: pending.idHash,
      meta: requestMeta(req),
      method,
      inviteCode: req.cookies[INVITE_COOKIE],
    });
    setSessionCookie(reply, config, session);
    if (req.cookies[INVITE_COOKIE]) reply.clearCookie(INVITE_COOKIE, { path: API.auth.loginOtp });
    return ok({ message: 'Logged in' });
  }

  return async (fastify: FastifyInstance) => {
    // --- sign-in by passkey alone
    serve(fastify, R.passkeyLoginOptions, async (req) => ok(await passkeys.loginOptions(siteOf(req))), {
      rateLimit: limit(config, 20),
    });
    serve(
      fastify,
      R.passkeyLogin,
      async (req, reply) => {
        const userId = await passkeys.login(siteOf(req), req.body);
        const session = await finishSignIn(ctx, {
          userId,
          meta: requestMeta(req),
          method: { first_factor: 'passkey' },
          inviteCode: req.body.invite_code,
        });
        setSessionCookie(reply, config, session);
        return ok({ message: 'Logged in' });
      },
      { rateLimit: limit(config, 10) },
    );

    // --- the other second steps of a pending login
    serve(fastify, R.secondFactors, async (req) => {
      const userId = req.session!.userId;
      return ok({
        passkey: (await passkeyCount(db, userId)) > 0,
        totp: await hasAuthenticator(db, userId),
        recovery: (await unusedRecoveryCodes(db, userId)).remaining > 0,
      });
    });
    serve(
      fastify,
      R.secondPasskeyOptions,
      async (req) => ok(await passkeys.secondFactorOptions(req.session!.userId, siteOf(req))),
      { rateLimit: limit(config, 20) },
    );
    serve(
      fastify,
      R.secondPasskey,
      async (req, reply) => {
        await passkeys.secondFactor(req.session!.userId, siteOf(req), req.body);
        return completePending(req, reply, { second_factor: 'passkey' });
      },
      { rateLimit: limit(config, 10) },
    );
    serve(
      fastify,
      R.secondTotp,
      async (req, reply) => {
        await totp.verifyForLogin(req.session!.userId, req.body.code);
        return completePending(req, reply, { second_factor: 'authenticator' });
      },
      { rateLimit: limit(config, 10) },
    );
    serve(
      fastify,
      R.secondRecovery,
      async (req, reply) => {
        await recovery.use(req.session!.userId, req.body.code);
        return completePending(req, reply, { second_factor: 'recovery_code' });
      },
      { rateLimit: limit(config, 10) },
    );

    // --- account settings: Security
    serve(fastify, R.security, async (req) => {
      const userId = userIdOf(req);
      const user = await findUserById(db, userId);
      const added = await totp.addedAt(userId);
      const codes = await unusedRecoveryCodes(db, userId);
      return ok({
        passkeys: await passkeys.list(userId),
        authenticator: added ? { added_at: added.toISOString() } : null,
        recovery:
          codes.remaining > 0 && codes.createdAt
            ? { remaining: codes.remaining, created_at: codes.createdAt.toISOString() }
            : null,
        two_factor_on: user ? await requiresTwoFactor(db, user) : false,
      });
    });
    serve(
      fastify,
      R.passkeyRegisterOptions,
      async (req) => ok(await passkeys.registrationOptions(await recentUserIdOf(req), siteOf(req))),
      { rateLimit: limit(config, 20) },
    );
    serve(
      fastify,
      R.addPasskey,
      async (req) => ok(await passkeys.register(await recentUserIdOf(req), siteOf(req), req.body)),
      { rateLimit: limit(config, 10) },
    );
    serve(fastify, R.renamePasskey, async (req) =>
      ok(await passkeys.rename(userIdOf(req), req.body.passkey_id, req.body.name)),
    );
    serve(fastify, R.removePasskey, async (req) =>
      ok(await passkeys.remove(await recentUserIdOf(req), req.body.passkey_id)),
    );
    serve(fastify, R.totpSetup, async (req) => ok(await totp.setup(await recentUserIdOf(req))), {
      rateLimit: limit(config, 10),
    });
    serve(
      fastify,
      R.totpConfirm,
      async (req) => ok(await totp.confirm(await recentUserIdOf(req), req.body.code)),
      {
        rateLimit: limit(config, 10),
      },
    );
    serve(fastify, R.totpRemove, async (req) => ok(await totp.remove(await recentUserIdOf(req))));
    serve(
      fastify,
      R.createRecoveryCodes,
      async (req) => ok(await recovery.create(await recentUserIdOf(req))),
      {
        rateLimit: limit(config, 5),
      },
    );
  };
}
