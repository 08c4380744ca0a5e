import { randomInt } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import {
  DEVICE_CODE_TTL_SECONDS,
  DEVICE_LOGIN_PAGE,
  DEVICE_MESSAGES,
  DEVICE_POLL_INTERVAL_SECONDS,
  DEVICE_TEXT,
  USER_CODE_ALPHABET,
  USER_CODE_LENGTH,
  formatUserCode,
  type DeviceRequest,
  type DeviceStartAnswer,
  type DeviceTokenAnswer,
} from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { iso } from '../../db/rows.ts';
import { deviceLogins } from '../../db/schema/index.ts';
import { createAccessToken } from '../../platform/auth/accessTokens.ts';
import { keyedHash, randomToken, sha256 } from '../../platform/auth/secrets.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, fieldError } from '../../platform/http/errors.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import { presentToken } from './tokens.service.ts';

type Row = typeof deviceLogins.$inferSelect;

/** Rows are kept this long past their expiry (a late poll still hears 'expired'), then deleted. */
const KEEP_EXPIRED_MS = 60 * 60_000;
/** A poll this much early still counts as on time (timers and networks jitter). */
const POLL_SLACK_MS = 250;
const SLOW_DOWN_STEP_S = 5;

const newUserCode = () =>
  Array.from(
    { length: USER_CODE_LENGTH },
    () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)],
  ).join('');

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * The uploader's device-code login (like RFC 8628, in the app's envelope): `start` hands the program
 * a device code (its secret, 256 bits) and a short user code; the user opens the verification page
 * logged in and approves or denies by the user code; the program polls with its device code and
 * collects, once, a personal access token made for the approving user, named after the device.
 */
export function createDeviceLoginService(ctx: AppContext) {
  const { db } = ctx;
  const box = secretBoxFor(ctx.config, ctx.secret);
  // The user code has ~34 bits: a plain hash of it could be reversed from a leaked table, so it is
  // keyed with the server secret; the device code has 256 bits and needs no key.
  const userCodeHash = (normalized: string) => keyedHash(ctx.secret, `device_login:${normalized}`);

  const removeExpired = () =>
    db.delete(deviceLogins).where(lt(deviceLogins.expiresAt, new Date(Date.now() - KEEP_EXPIRED_MS)));

  /** The undecided, unexpired request of a user code, else a refusal on the field. */
  async function waiting(userCode: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(deviceLogins)
      .where(eq(deviceLogins.userCodeHash, userCodeHash(userCode)))
      .limit(1);
    if (!row || row.expiresAt.getTime() <= Date.now())
      throw fieldError('user_code', DEVICE_MESSAGES.codeInvalid);
    if (row.status !== 'pending') throw fieldError('user_code', DEVICE_MESSAGES.codeDecided);
    return row;
  }

  /** Settles a waiting request once (a second approve or deny of the same code is refused). */
  async function decide(tx: DbOrTx, row: Row, change: Partial<Row>) {
    const [done] = await tx
      .update(deviceLogins)
      .set({ ...change, decidedAt: new Date() })
      .where(and(eq(deviceLogins.id, row.id), eq(deviceLogins.status, 'pending')))
      .returning({ id: deviceLogins.id });
    if (!done) throw fieldError('user_code', DEVICE_MESSAGES.codeDecided);
  }

  return {
    async start(input: { deviceName: string; ip: string; origin: string }): Promise<DeviceStartAnswer> {
      await removeExpired();
      const deviceCode = randomToken();
      for (let attempt = 0; ; attempt++) {
        const userCode = newUserCode();
        const now = Date.now();
        try {
          await db.insert(deviceLogins).values({
            deviceCodeHash: sha256(deviceCode),
            userCodeHash: userCodeHash(userCode),
            deviceName: input.deviceName,
            requestIp: input.ip,
            pollInterval: DEVICE_POLL_INTERVAL_SECONDS,
            createdAt: new Date(now),
            expiresAt: new Date(now + DEVICE_CODE_TTL_SECONDS * 1000),
          });
        } catch (err) {
          // Two live requests drew the same user code: draw again.
          if (isUniqueViolation(err) && attempt < 3) continue;
          throw err;
        }
        const shown = formatUserCode(userCode);
        const page = `${input.origin}${DEVICE_LOGIN_PAGE}`;
        return {
          device_code: deviceCode,
          user_code: shown,
          verification_uri: page,
          verification_uri_complete: `${page}?${new URLSearchParams({ code: shown })}`,
          expires_in: DEVICE_CODE_TTL_SECONDS,
          interval: DEVICE_POLL_INTERVAL_SECONDS,
        };
      }
    },

    /** One poll of the program: what became of its request. */
    async poll(deviceCode: string): Promise<DeviceTokenAnswer> {
      const [row] = await db
        .select()
        .from(deviceLogins)
        .where(eq(deviceLogins.deviceCodeHash, sha256(deviceCode)))
        .limit(1);
      if (!row || row.consumedAt) throw badRequest(DEVICE_MESSAGES.deviceCodeInvalid);
      const interval = row.pollInterval;
      // The token (or the refusal) is handed over once: whoever marks the row consumed answers it.
      const consume = async (extra: Partial<Row> = {}) => {
        const [taken] = await db
          .update(deviceLogins)
          .set({ ...extra, consumedAt: new Date() })
          .where(and(eq(deviceLogins.id, row.id), isNull(deviceLogins.consumedAt)))
          .returning({ id: deviceLogins.id });
        if (!taken) throw badRequest(DEVICE_MESSAGES.deviceCodeInvalid);
      };
      if (row.status === 'approved' && row.tokenSealed) {
        await consume({ tokenSealed: null });
        return {
          status: 'approved',
          message: DEVICE_MESSAGES.loggedIn,
          interval,
          token: box.open(row.tokenSealed),
        };
      }
      if (row.status === 'denied') {
        await consume();
        return { status: 'denied', message: DEVICE_MESSAGES.deniedOnDevice, interval };
      }
      if (row.expiresAt.getTime() <= Date.now()) {
        return { status: 'expired', message: DEVICE_MESSAGES.expired, interval };
      }
      const now = new Date();
      const tooSoon =
        row.lastPolledAt !== null &&
        now.getTime() - row.lastPolledAt.getTime() < interval * 1000 - POLL_SLACK_MS;
      const [polled] = await db
        .update(deviceLogins)
        .set({ lastPolledAt: now, pollInterval: tooSoon ? interval + SLOW_DOWN_STEP_S : interval })
        .where(
          and(
            eq(deviceLogins.id, row.id),
            row.lastPolledAt === null
              ? isNull(deviceLogins.lastPolledAt)
              : eq(deviceLogins.lastPolledAt, row.lastPolledAt),
          ),
        )
        .returning({ interval: deviceLogins.pollInterval });
      // Another poll of the same code landed in between: this one was too fast.
      if (!polled) return { status: 'slow_down', message: DEVICE_MESSAGES.slowDown, interval };
      return tooSoon
        ? { status: 'slow_down', message: DEVICE_MESSAGES.slowDown, interval: polled.interval }
        : { status: 'pending', message: DEVICE_MESSAGES.pending, interval };
    },

    /** The waiting device of a user code, for the approving user to recognise. */
    async find(userCode: string): Promise<DeviceRequest> {
      const row = await waiting(userCode);
      return {
        device_name: row.deviceName,
        requested_on: iso(row.createdAt),
        expires_on: iso(row.expiresAt),
        address: row.requestIp,
      };
    },

    async approve(userId: string, userCode: string) {
      const row = await waiting(userCode);
      return db.transaction(async (tx) => {
        await decide(tx, row, { status: 'approved', userId });
        const made = await createAccessToken(tx, userId, DEVICE_TEXT.tokenName(row.deviceName));
        await tx
          .update(deviceLogins)
          .set({ tokenId: made.row.id, tokenSealed: box.seal(made.token) })
          .where(eq(deviceLogins.id, row.id));
        return { message: DEVICE_MESSAGES.approved, access_token: presentToken(made.row) };
      });
    },

    async deny(userId: string, userCode: string) {
      const row = await waiting(userCode);
      await db.transaction((tx) => decide(tx, row, { status: 'denied', userId }));
      return { message: DEVICE_MESSAGES.denied };
    },
  };
}
