import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { SIGNIN_MSG, WEBAUTHN_CHALLENGE_SECONDS } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { webauthnChallenges } from '../../db/schema/index.ts';
import { badRequest, forbidden } from '../../platform/http/errors.ts';

/** Where the browser opened the app: the passkey's relying party and the origin it signs. */
export interface WebauthnSite {
  rpID: string;
  origin: string;
}

/**
 * The app works from any address it is opened at (DESIGN §9), so the relying party is the host the
 * request came to, and the expected origin is the request's Origin, which must name that same host
 * (a page elsewhere cannot borrow it). The browser itself only offers WebAuthn in a secure context.
 */
export function siteOf(req: FastifyRequest): WebauthnSite {
  const raw = req.headers.origin;
  let origin: URL;
  try {
    origin = new URL(String(raw));
  } catch {
    throw forbidden(SIGNIN_MSG.badOrigin);
  }
  if (!raw || (origin.protocol !== 'https:' && origin.protocol !== 'http:') || origin.host !== req.host) {
    throw forbidden(SIGNIN_MSG.badOrigin);
  }
  return { rpID: origin.hostname, origin: origin.origin };
}

type Purpose = 'register' | 'login' | 'second_factor' | 'reauth';

export async function storeChallenge(
  db: DbOrTx,
  input: { purpose: Purpose; userId: string | null; challenge: string },
): Promise<string> {
  // Old unanswered challenges go as new ones come: the table stays small without a job.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  const [row] = await db
    .insert(webauthnChallenges)
    .values({
      purpose: input.purpose,
      userId: input.userId,
      challenge: input.challenge,
      expiresAt: new Date(Date.now() + WEBAUTHN_CHALLENGE_SECONDS * 1000),
    })
    .returning({ id: webauthnChallenges.id });
  return row!.id;
}

/**
 * Takes a challenge once: deleted as it is read, so a replayed answer finds nothing. Bound to its
 * purpose and (for registration and a second factor) to its user.
 */
export async function takeChallenge(
  db: DbOrTx,
  input: { id: string; purpose: Purpose; userId: string | null },
): Promise<string> {
  // A challenge of another user or purpose is left alone (nobody can spend someone else's).
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, input.id),
        eq(webauthnChallenges.purpose, input.purpose),
        input.userId === null
          ? isNull(webauthnChallenges.userId)
          : eq(webauthnChallenges.userId, input.userId),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) throw badRequest(SIGNIN_MSG.passkeyExpired);
  return row.challenge;
}
