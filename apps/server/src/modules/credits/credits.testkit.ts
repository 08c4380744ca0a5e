import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../test/harness.ts';
import { person, type Person } from '../teams/teams.testkit.ts';
import { createTeam } from '../teams/teams.service.ts';
import {
  grantCredits,
  spendCredits,
  refundCredits,
  type CreditChange,
  type RefundChange,
} from './credits.ledger.ts';

/** A team with its admin and a plain member, plus an outsider who owns a team of their own. */
export async function creditsWorld(t: TestApp) {
  const admin = await person(t);
  const member = await person(t);
  const outsider = await person(t);
  const team = await createTeam(t.ctx.db, {
    name: 'Wallet',
    ownerId: admin.user.id,
    memberIds: [member.user.id],
  });
  const other = await createTeam(t.ctx.db, { name: 'Other', ownerId: outsider.user.id });
  return { admin, member, outsider, team, other } as {
    admin: Person;
    member: Person;
    outsider: Person;
    team: { id: string };
    other: { id: string };
  };
}

type Change = Omit<CreditChange, 'reason' | 'idempotencyKey'> & { idempotencyKey?: string; reason?: string };
const filled = (c: Change): CreditChange => ({ reason: 'test', idempotencyKey: randomUUID(), ...c });

/** Each in a transaction of its own, as a caller module would. */
export const grant = (t: TestApp, c: Change) => t.ctx.db.transaction((tx) => grantCredits(tx, filled(c)));
export const spend = (t: TestApp, c: Change) => t.ctx.db.transaction((tx) => spendCredits(tx, filled(c)));
export const refund = (t: TestApp, c: Omit<RefundChange, 'reason'> & { reason?: string }) =>
  t.ctx.db.transaction((tx) => refundCredits(tx, { reason: 'test', ...c }));
