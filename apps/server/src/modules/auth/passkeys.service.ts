import { and, asc, count, eq } from 'drizzle-orm';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { displayName, SIGNIN_MSG, SIGNIN_UI, type PasskeyItem } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { passkeys } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../platform/http/errors.ts';
import { lazyImport } from '../../platform/lazyImport.ts';
import { recordAudit } from '../audit/index.ts';
import { findUserById } from '../accounts/index.ts';
import { mailSecurityChange } from './signin.mails.ts';
import { storeChallenge, takeChallenge, type WebauthnSite } from './webauthn.site.ts';

const RP_NAME = 'Rushes';

/** The WebAuthn user handle: the user's id, so a discoverable passkey names its account. */
const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

type PasskeyRow = typeof passkeys.$inferSelect;

export const passkeyItemOf = (row: PasskeyRow): PasskeyItem => ({
  passkey_id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  synced: row.deviceType === 'multiDevice',
});

export async function passkeyCount(db: DbOrTx, userId: string) {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

const webauthn = lazyImport(() => import('@simplewebauthn/server'));
// The stored forms of credential ids, keys and user handles (base64url without padding, as WebAuthn's).
const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromBase64Url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/** The library refuses with plain Errors (wrong origin, challenge, signature, counter): one answer. */
async function verified<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(SIGNIN_MSG.passkeyFailed);
  }
}

/**
 * Passkeys: registered from account settings with user verification and a discoverable credential,
 * so one works alone at sign-in (it is already two factors: the device and its lock) and as the
 * second step after a password. Attestation is not asked for (none): the credential is what counts.
 */
export function createPasskeysService(ctx: AppContext) {
  const { db } = ctx;

  const listOf = (userId: string) =>
    db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));

  /** Checks a signed challenge against the stored credential and moves its counter (replay guard). */
  async function assert(
    site: WebauthnSite,
    challengeId: string,
    response: AuthenticationResponseJSON,
    expect: { purpose: 'login' | 'second_factor' | 'reauth'; userId: string | null },
  ): Promise<PasskeyRow> {
    const challenge = await takeChallenge(db, {
      id: challengeId,
      purpose: expect.purpose,
      userId: expect.userId,
    });
    const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
    if (!row || (expect.userId && row.userId !== expect.userId)) throw badRequest(SIGNIN_MSG.passkeyUnknown);
    const handle = response.response.userHandle;
    if (handle && handle !== toBase64Url(userHandleOf(row.userId))) {
      throw badRequest(SIGNIN_MSG.passkeyUnknown);
    }
    const { verifyAuthenticationResponse } = await webauthn();
    const result = await verified(() =>
      verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: site.origin,
        expectedRPID: site.rpID,
        credential: {
          id: row.credentialId,
          publicKey: fromBase64Url(row.publicKey),
          counter: row.counter,
          transports: row.transports as AuthenticatorTransportFuture[],
        },
        // Alone at sign-in, or confirming who is at the keyboard, the device's lock must be checked.
        requireUserVerification: expect.purpose !== 'second_factor',
      }),
    );
    if (!result.verified) throw badRequest(SIGNIN_MSG.passkeyFailed);
    // Only if nobody moved the counter meanwhile: two answers with one counter cannot both pass.
    const moved = await db
      .update(passkeys)
      .set({
        counter: result.authenticationInfo.newCounter,
        backedUp: result.authenticationInfo.credentialBackedUp,
        lastUsedAt: new Date(),
      })
      .where(and(eq(passkeys.id, row.id), eq(passkeys.counter, row.counter)))
      .returning({ id: passkeys.id });
    if (moved.length === 0) throw badRequest(SIGNIN_MSG.passkeyFailed);
    return row;
  }

  return {
    list: async (userId: string) => (await listOf(userId)).map(passkeyItemOf),

    async registrationOptions(userId: string, site: WebauthnSite) {
      const user = await findUserById(db, userId);
      if (!user) throw unauthorized();
      const existing = await listOf(userId);
      const { generateRegistrationOptions } = await webauthn();
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: site.rpID,
        userName: user.email,
        userDisplayName: displayName(user.firstName, user.lastName),
        userID: userHandleOf(userId),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({
          id: p.credentialId,
          transports: p.transports as AuthenticatorTransportFuture[],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const challengeId = await storeChallenge(db, {
        purpose: 'register',
        userId,
        challenge: options.challenge,
      });
      return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
    },

    async register(
      userId: string,
      site: WebauthnSite,
      body: { challenge_id: string; response: RegistrationResponseJSON; name?: string | undefined },
    ) {
      const challenge = await takeChallenge(db, { id: body.challenge_id, purpose: 'register', userId });
      const { verifyRegistrationResponse } = await webauthn();
      const result = await verified(() =>
        verifyRegistrationResponse({
          response: body.response,
          expectedChallenge: challenge,
          expectedOrigin: site.origin,
          expectedRPID: site.rpID,
          requireUserVerification: true,
        }),
      );
      if (!result.verified) throw badRequest(SIGNIN_MSG.passkeyFailed);
      const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
      const row = await db.transaction(async (tx) => {
        const n = await passkeyCount(tx, userId);
        const [inserted] = await tx
          .insert(passkeys)
          .values({
            userId,
            credentialId: credential.id,
            publicKey: toBase64Url(credential.publicKey),
            counter: credential.counter,
            transports: credential.transports ?? [],
            deviceType: credentialDeviceType,
            backedUp: credentialBackedUp,
            name: body.name?.trim() || `${SIGNIN_UI.defaultPasskeyName} ${n + 1}`,
          })
          .onConflictDoNothing({ target: passkeys.credentialId })
          .returning();
        if (!inserted) throw badRequest(SIGNIN_MSG.passkeyFailed);
        await recordAudit(tx, {
          teamId: null,
          action: 'auth.passkey_added',
          target: { type: 'passkey', id: inserted.id, label: inserted.name },
        });
        await mailSecurityChange(ctx, tx, userId, 'auth.passkey_added');
        return inserted;
      });
      ctx.jobs.wake();
      return passkeyItemOf(row);
    },

    async rename(userId: string, passkeyId: string, name: string) {
      const renamed = await db
        .update(passkeys)
        .set({ name: name.trim() })
        .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id });
      if (renamed.length === 0) throw notFound(SIGNIN_MSG.passkeyNotFound);
      return { message: SIGNIN_MSG.passkeyRenamed };
    },

    async remove(userId: string, passkeyId: string) {
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(passkeys)
          .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
          .returning();
        if (!gone) throw notFound(SIGNIN_MSG.passkeyNotFound);
        await recordAudit(tx, {
          teamId: null,
          action: 'auth.passkey_removed',
          target: { type: 'passkey', id: gone.id, label: gone.name },
        });
        await mailSecurityChange(ctx, tx, userId, 'auth.passkey_removed');
      });
      ctx.jobs.wake();
      return { message: SIGNIN_MSG.passkeyRemoved };
    },

    /** Sign-in by passkey alone: any discoverable passkey of this site; the browser picks the account. */
    async loginOptions(site: WebauthnSite) {
      const { generateAuthenticationOptions } = await webauthn();
      const options = await generateAuthenticationOptions({ rpID: site.rpID, userVerification: 'required' });
      const challengeId = await storeChallenge(db, {
        purpose: 'login',
        userId: null,
        challenge: options.challenge,
      });
      return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
    },

    /** Answers the signed-in user's id. */
    async login(site: WebauthnSite, body: { challenge_id: string; response: AuthenticationResponseJSON }) {
      const row = await assert(site, body.challenge_id, body.response, { purpose: 'login', userId: null });
      const user = await findUserById(db, row.userId);
      if (!user?.emailVerifiedAt) throw badRequest(SIGNIN_MSG.passkeyUnknown);
      return row.userId;
    },

    /** The second step after a password, or "Confirm it's you": one of this user's passkeys. */
    async secondFactorOptions(
      userId: string,
      site: WebauthnSite,
      purpose: 'second_factor' | 'reauth' = 'second_factor',
    ) {
      const mine = await listOf(userId);
      if (mine.length === 0) throw badRequest(SIGNIN_MSG.methodUnavailable);
      const { generateAuthenticationOptions } = await webauthn();
      const options = await generateAuthenticationOptions({
        rpID: site.rpID,
        userVerification: purpose === 'reauth' ? 'required' : 'preferred',
        allowCredentials: mine.map((p) => ({
          id: p.credentialId,
          transports: p.transports as AuthenticatorTransportFuture[],
        })),
      });
      const challengeId = await storeChallenge(db, {
        purpose,
        userId,
        challenge: options.challenge,
      });
      return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
    },

    async secondFactor(
      userId: string,
      site: WebauthnSite,
      body: { challenge_id: string; response: AuthenticationResponseJSON },
    ) {
      await assert(site, body.challenge_id, body.response, { purpose: 'second_factor', userId });
    },

    /** "Confirm it's you" with one of this user's passkeys (user verification required). */
    async reauth(
      userId: string,
      site: WebauthnSite,
      body: { challenge_id: string; response: AuthenticationResponseJSON },
    ) {
      await assert(site, body.challenge_id, body.response, { purpose: 'reauth', userId });
    },
  };
}

type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON['response']['transports']>[number];
