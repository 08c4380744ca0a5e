import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CLIENT_EVENT_SCHEMAS } from '@rushes/shared';
import { createTestApp, makeUser, sessionCookie, type TestApp } from '../../../test/harness.ts';
import { closeAllSockets, connect, join, listen, type ClientSocket } from '../../../test/realtime-helpers.ts';
import { createTeam } from '../../modules/teams/teams.service.ts';

/**
 * Hostile payloads on every event the server listens to (DESIGN §5: every client event is validated
 * with zod and a handler's error stays on its socket). Each case sends one malformed message, then a
 * normal join must still be answered: the process is up and the socket still served. Cases per event:
 * SOCKET_FUZZ_RUNS (default 150).
 */
const RUNS = Number(process.env.SOCKET_FUZZ_RUNS ?? 150);
/** Events Socket.IO itself emits on a server socket; not sent by clients. */
const RESERVED = new Set(['disconnect', 'disconnecting', 'error', 'newListener', 'removeListener']);

let t: TestApp;
let url: string;
let cookie: string;
let teamRoom: string;
let events: string[];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  const { user } = await makeUser(t.ctx);
  cookie = await sessionCookie(t.ctx, user);
  const team = await createTeam(t.ctx.db, { name: 'Fuzz', ownerId: user.id });
  teamRoom = `team:${team.id}`;
  // The events come from the server's own listeners on a live socket, not from a list in this test.
  const probe = await connect(url, { cookie });
  const onServer = [...t.ctx.realtime.io.of('/').sockets.values()].find((s) => s.data.userId === user.id)!;
  events = onServer.eventNames().filter((e): e is string => typeof e === 'string' && !RESERVED.has(e));
  probe.close();
});
afterAll(async () => {
  closeAllSockets();
  await t?.close();
});

/** Values whose coercion to a string or number throws on the server once decoded. */
const poisoned = fc.constantFrom<unknown>(
  { toString: null },
  { valueOf: null },
  { toString: null, valueOf: null },
  { toString: 'x', valueOf: 1 },
  { __proto__: null, toString: null },
  { constructor: { prototype: null } },
  { split: null, startsWith: null, length: 2 },
  ['team', 'x'],
);

const nested = (depth: number) => {
  let v: unknown = 'team:x';
  for (let i = 0; i < depth; i += 1) v = [v];
  return v;
};

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 4, withNullPrototype: true, withObjectString: true, withBoxedValues: true }),
  poisoned,
  fc.string({ minLength: 10_000, maxLength: 200_000, unit: 'binary' }),
  fc.constantFrom<unknown>(
    null,
    '',
    ':',
    'team:',
    'user:x',
    'team:\u0000',
    '__proto__:x',
    'constructor:x',
    'x'.repeat(300_000),
    nested(200),
    nested(2_000),
    NaN,
    -0,
    Infinity,
  ),
  fc.uint8Array({ maxLength: 4_096 }).map((a) => Buffer.from(a)),
  fc.array(
    fc.oneof(
      poisoned,
      fc.uint8Array({ maxLength: 16 }).map((a) => Buffer.from(a)),
    ),
    { maxLength: 5 },
  ),
);

/** The last argument: no ack, a real ack, or a non-function where an ack would be. */
const lastArg = fc.oneof(
  fc.constant<{ kind: 'none' }>({ kind: 'none' }),
  fc.constant<{ kind: 'ack' }>({ kind: 'ack' }),
  hostile.map((value) => ({ kind: 'value' as const, value })),
);

const message = fc.record({
  args: fc.array(hostile, { minLength: 0, maxLength: 4 }),
  last: lastArg,
});

/**
 * Socket.IO sends each binary value of a message as an attachment, and its parser refuses a packet of
 * more than 10 (socket.io-parser's maxAttachments): the server then closes that connection, as for a
 * message over the size limit. Such a packet is a protocol violation, not a message: no ack is answered.
 */
const MAX_ATTACHMENTS = 10;
function attachments(value: unknown, seen = new Set<unknown>()): number {
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return 1;
  if (value === null || typeof value !== 'object' || seen.has(value)) return 0;
  seen.add(value);
  return (Array.isArray(value) ? value : Object.values(value)).reduce<number>(
    (n, child) => n + attachments(child, seen),
    0,
  );
}

interface Raw {
  emit(event: string, ...args: unknown[]): unknown;
}

let socket: ClientSocket | null = null;
async function live(): Promise<ClientSocket> {
  // A message above Socket.IO's size limit makes the server drop that connection (not the process).
  if (!socket?.connected) socket = await connect(url, { cookie });
  return socket;
}

describe('socket events fuzz', () => {
  it('listens only to events that have a zod schema in packages/shared', () => {
    expect(events.length).toBeGreaterThan(0);
    expect(events.sort()).toEqual(Object.keys(CLIENT_EVENT_SCHEMAS).sort());
  });

  it('survives malformed payloads on every event and still answers a normal join', async () => {
    for (const event of events) {
      await fc.assert(
        fc.asyncProperty(message, async ({ args, last }) => {
          const s = await live();
          const raw = s as unknown as Raw;
          if (last.kind === 'ack' && attachments(args) > MAX_ATTACHMENTS) {
            // refused by the parser: the server closes this connection (the next case connects again)
            raw.emit(event, ...args, () => undefined);
            await expect.poll(() => s.connected, { timeout: 3_000 }).toBe(false);
          } else if (last.kind === 'ack') {
            // An acknowledged message is answered with a refusal or a result, never left hanging.
            const answer = await new Promise<unknown>((resolve) => {
              const timer = setTimeout(() => resolve('no answer'), 3_000);
              raw.emit(event, ...args, (r: unknown) => {
                clearTimeout(timer);
                resolve(r);
              });
            });
            expect(answer).toMatchObject({ ok: expect.any(Boolean) });
          } else {
            raw.emit(event, ...args, ...(last.kind === 'value' ? [last.value] : []));
          }
          const after = await live();
          expect(await join(after, 'nope:1')).toEqual({ ok: false, error: 'forbidden' });
        }),
        { numRuns: RUNS },
      );
    }
    const s = await live();
    expect(await join(s, teamRoom)).toEqual({ ok: true });
  }, 120_000);

  it('closes the connection of a packet with more binary attachments than the parser takes, and serves the next', async () => {
    const s = await live();
    const raw = s as unknown as Raw;
    const eleven = Array.from({ length: MAX_ATTACHMENTS + 1 }, () => Buffer.from([1]));
    raw.emit('join', ...eleven, () => undefined);
    await expect.poll(() => s.connected, { timeout: 3_000 }).toBe(false);
    const again = await live();
    expect(await join(again, teamRoom)).toEqual({ ok: true });
    // at the limit it is a message like any other: refused by its schema, and answered
    const ten = await new Promise<unknown>((resolve) => {
      const timer = setTimeout(() => resolve('no answer'), 3_000);
      (again as unknown as Raw).emit('join', eleven.slice(1), (r: unknown) => {
        clearTimeout(timer);
        resolve(r);
      });
    });
    expect(ten).toMatchObject({ ok: false });
  });

  it('refuses { toString: null } on join and leave without ending the process', async () => {
    const s = await live();
    const raw = s as unknown as Raw;
    const answer = await new Promise((resolve) => raw.emit('join', { toString: null }, resolve));
    expect(answer).toEqual({ ok: false, error: 'invalid' });
    raw.emit('leave', { toString: null });
    raw.emit('join', { toString: null }); // no ack at all
    raw.emit('join', { toString: null }, 'not a function');
    expect(await join(s, teamRoom)).toEqual({ ok: true });
    expect(s.connected).toBe(true);
  });

  it('drops only the connection of a message above the size limit', async () => {
    const big = await connect(url, { cookie });
    const other = await live();
    const dropped = new Promise<string>((resolve) => big.once('disconnect', resolve));
    (big as unknown as Raw).emit('join', 'x'.repeat(2_000_000));
    expect(await dropped).toBe('transport close');
    expect(await join(other, teamRoom)).toEqual({ ok: true });
    expect(await join(await connect(url, { cookie }), teamRoom)).toEqual({ ok: true });
  });

  it("contains a handler's own failure to its socket and answers 'error'", async () => {
    // A room policy that throws instead of rejecting: the join handler fails, not the process.
    t.ctx.realtime.registerRoom('boom', () => {
      throw new Error('policy exploded');
    });
    const s = await live();
    expect(await join(s, 'boom:1')).toEqual({ ok: false, error: 'error' });
    expect(await join(s, teamRoom)).toEqual({ ok: true });
  });
});
