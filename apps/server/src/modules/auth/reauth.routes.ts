import type { FastifyInstance } from 'fastify';
import { ROUTES, SIGNIN_MSG } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { ok } from '../../platform/http/envelope.ts';
import { badRequest, forbidden, unauthorized } from '../../platform/http/errors.ts';
import { limit } from '../../platform/http/routes.ts';
import type { FastifyRequest } from 'fastify';
import { verifyPassword } from '../../platform/auth/password.ts';
import { markRecentAuth } from '../../platform/auth/reauth.ts';
import { recordAudit } from '../audit/index.ts';
import { findUserById } from '../accounts/index.ts';
import { createPasskeysService } from './passkeys.service.ts';
import { siteOf } from './webauthn.site.ts';

const R = ROUTES.signin;

/** The person in the browser: an API token confirms nobody (and may not try passwords here). */
function browserUserIdOf(req: FastifyRequest) {
  if (!req.session || req.session.tokenId) throw forbidden();
  return req.session.userId;
}

/**
 * "Confirm it's you" before a change of how one signs in (platform/auth/reauth.ts): the password,
 * limited and audited like a sign-in, or one of the account's passkeys. Either opens the session's
 * recent-authentication window.
 */
export function reauthRoutes(ctx: AppContext) {
  const passkeys = createPasskeysService(ctx);
  const { config, db, secret } = ctx;

  const confirmed = (until: Date) => ok({ message: SIGNIN_MSG.reauthConfirmed, until: until.toISOString() });

  return async (fastify: FastifyInstance) => {
    serve(
      fastify,
      R.reauthPassword,
      async (req) => {
        const user = await findUserById(db, browserUserIdOf(req));
        if (!user) throw unauthorized();
        if (!(await verifyPassword(user.passwordHash, req.body.password))) {
          // A wrong password here is a failed sign-in (someone at the keyboard who is not the user).
          await recordAudit(db, {
            teamId: null,
            action: 'auth.sign_in_failed',
            detail: { reason: 'wrong_password', step: 'confirm_identity' },
          });
          throw badRequest(SIGNIN_MSG.reauthWrongPassword);
        }
        return confirmed((await markRecentAuth(db, secret, req)).until);
      },
      { rateLimit: limit(config, 10) },
    );
    serve(
      fastify,
      R.reauthPasskeyOptions,
      async (req) => ok(await passkeys.secondFactorOptions(browserUserIdOf(req), siteOf(req), 'reauth')),
      { rateLimit: limit(config, 20) },
    );
    serve(
      fastify,
      R.reauthPasskey,
      async (req) => {
        await passkeys.reauth(browserUserIdOf(req), siteOf(req), req.body);
        return confirmed((await markRecentAuth(db, secret, req)).until);
      },
      { rateLimit: limit(config, 10) },
    );
  };
}
