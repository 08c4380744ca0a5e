import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { APP_NAME, MSG } from '@rushes/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { AppContext } from '../context.ts';
import type { Emit } from '../events/bus.ts';
import { randomToken, sha256 } from '../auth/secrets.ts';
import { fieldError, unauthorized } from '../http/errors.ts';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * E-mail invitations, one shape over several tables (team_invites, project_invites): a random code
 * is mailed and only its SHA-256 stored; one live row per scope and address, renewed by replacing
 * it (so an earlier code stops working); the invitee joins once, with the address it was sent to.
 * A module describes its table and membership in an InviteKind and keeps its own rows' extras
 * (permissions, role), mail text, locking and events.
 */

/** The columns every invitation table has; `scopeId` is the team or project it invites to. */
type InviteTable = PgTable & {
  id: PgColumn;
  email: PgColumn;
  tokenHash: PgColumn;
  expiresAt: PgColumn;
  createdAt: PgColumn;
};

export interface InviteRowBase {
  id: string;
  email: string;
  permissionIds: number[];
  expiresAt: Date;
}

export interface InviteKind<Row extends InviteRowBase> {
  table: InviteTable;
  /** The invitation table's column of the scope (team_id, project_id). */
  scopeId: PgColumn;
  scopeOf: (row: Row) => string;
  ttlDays: number;
  /** Codes of this kind start with it ('prj_'); a code without it is never looked up. */
  codePrefix?: string;
  /** The membership the invitation leads to, to skip a user who is already in. */
  members: { table: PgTable; scopeId: PgColumn; userId: PgColumn };
  /** Locks the scope for the join; null when it is gone. */
  lock: (tx: Tx, scopeId: string) => Promise<unknown>;
  /** Inserts the membership the invite grants and emits the module's event. */
  join: (tx: Tx, emit: Emit, invite: Row, userId: string) => Promise<void>;
}

export const inviteInvalid = () => fieldError('invite_code', MSG.inviteInvalid);

/** What a code's kind accepts before any lookup: its prefix and a sane length. */
const plausible = <Row extends InviteRowBase>(kind: InviteKind<Row>, code: string) =>
  (!kind.codePrefix || code.startsWith(kind.codePrefix)) && code.length >= 16 && code.length <= 200;

/**
 * Creates (or renews) the invitations of `emails` in a scope and mails each a fresh code. `insert`
 * writes the row with the module's own columns; `mail` builds the message carrying the code.
 */
export async function renewInvites<Row extends InviteRowBase>(
  ctx: AppContext,
  tx: Tx,
  kind: InviteKind<Row>,
  input: {
    scopeId: string;
    emails: string[];
    insert: (row: { email: string; tokenHash: string; expiresAt: Date }) => Promise<unknown>;
    mail: (email: string, token: string) => MailMessage;
  },
) {
  const { table } = kind;
  await tx
    .delete(table)
    .where(and(eq(kind.scopeId, input.scopeId), inArray(sql`lower(${table.email})`, input.emails)));
  const expiresAt = new Date(Date.now() + kind.ttlDays * 86_400_000);
  for (const email of input.emails) {
    const token = (kind.codePrefix ?? '') + randomToken();
    await input.insert({ email, tokenHash: sha256(token), expiresAt });
    await ctx.mailer.send(tx, input.mail(email, token));
  }
}

/** Pending (unexpired) invitations of a scope, oldest first. */
export async function pendingInvitesOf<Row extends InviteRowBase>(
  db: DbOrTx,
  kind: InviteKind<Row>,
  scopeId: string,
): Promise<Row[]> {
  const { table } = kind;
  const rows = await db
    .select()
    .from(table)
    .where(and(eq(kind.scopeId, scopeId), gt(table.expiresAt, new Date())))
    .orderBy(table.createdAt, table.email);
  return rows as unknown as Row[];
}

/** The live invitation of a code, if it is meant for `email`; else null. */
export async function findLiveInvite<Row extends InviteRowBase>(
  db: DbOrTx,
  kind: InviteKind<Row>,
  code: string,
  email: string,
): Promise<Row | null> {
  if (!plausible(kind, code)) return null;
  const { table } = kind;
  const [row] = (await db
    .select()
    .from(table)
    .where(and(eq(table.tokenHash, sha256(code)), gt(table.expiresAt, new Date())))
    .limit(1)) as unknown as Row[];
  if (!row || row.email.toLowerCase() !== email.toLowerCase()) return null;
  return row;
}

/**
 * Joins `user` to the scope of a live invitation meant for their e-mail and deletes the invitation
 * (single use). A user already in keeps what they have. Returns the scope id.
 */
export async function acceptInviteOf<Row extends InviteRowBase>(
  tx: Tx,
  emit: Emit,
  kind: InviteKind<Row>,
  user: { id: string; email: string },
  code: string,
): Promise<string> {
  const invite = await findLiveInvite(tx, kind, code, user.email);
  if (!invite) throw inviteInvalid();
  const scopeId = kind.scopeOf(invite);
  if (!(await kind.lock(tx, scopeId))) throw inviteInvalid();
  await tx.delete(kind.table).where(eq(kind.table.id, invite.id));
  const { members } = kind;
  const [already] = await tx
    .select({ userId: members.userId })
    .from(members.table)
    .where(and(eq(members.scopeId, scopeId), eq(members.userId, user.id)));
  if (already) return scopeId;
  await kind.join(tx, emit, invite, user.id);
  return scopeId;
}

/**
 * The rows of a permission catalogue among an invite's ids: permissions deleted since the invite
 * are dropped from what the member gets.
 */
export async function stillInCatalogue<F extends { id: PgColumn } & Record<string, PgColumn>>(
  tx: Tx,
  table: PgTable,
  fields: F,
  ids: number[],
) {
  return ids.length ? tx.select(fields).from(table).where(inArray(fields.id, ids)) : [];
}

/**
 * Accepting an invitation as a logged-in user: the accept route (`present` builds its answer from
 * the joined scope) and login with an invite code (`tryAccept`, which never fails the login).
 */
export function inviteAcceptor<Row extends InviteRowBase, Out>(
  ctx: AppContext,
  kind: InviteKind<Row>,
  deps: {
    findUser: (db: Db, id: string) => Promise<{ id: string; email: string } | null>;
    present: (userId: string, scopeId: string) => Promise<Out>;
  },
) {
  const { db, events } = ctx;

  async function accept(userId: string, code: string): Promise<Out> {
    const user = await deps.findUser(db, userId);
    if (!user) throw unauthorized();
    const scopeId = await events.transaction(db, (tx, emit) => acceptInviteOf(tx, emit, kind, user, code));
    return deps.present(userId, scopeId);
  }

  return {
    accept,
    /** Login with an invite code: joins when valid; an invalid code never fails the login itself. */
    async tryAccept(userId: string, code: string | undefined): Promise<boolean> {
      if (!code || (kind.codePrefix && !code.startsWith(kind.codePrefix))) return false;
      try {
        await accept(userId, code);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** The links every invitation mail ends with: sign up with the code, or log in with it. */
export function inviteMailLinks(input: { to: string; baseUrl: string; token: string; ttlDays: number }) {
  const code = encodeURIComponent(input.token);
  return (
    `Create your account to join:\n${input.baseUrl}/signup?inviteCode=${code}&email=${encodeURIComponent(input.to)}\n\n` +
    `Already have a ${APP_NAME} account with this email address? Log in to join:\n${input.baseUrl}/login?inviteCode=${code}\n\n` +
    `The invitation works once and expires in ${input.ttlDays} days. If you did not expect it, ignore this email.`
  );
}
