import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { AI_TEXT, type AiConversation, type AiSource, type AiTurn } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { aiConversations, aiTurns, aiUsage } from '../../db/schema/index.ts';
import { afterPageNo } from '../../db/pageNo.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';

/** Conversations, turns and usage rows of the assistant. */

type TurnRow = typeof aiTurns.$inferSelect;
type ConversationRow = typeof aiConversations.$inferSelect;

export const presentTurn = (r: TurnRow): AiTurn => ({
  turn_db_id: r.id,
  role: r.role,
  content: { text: r.text },
  status: r.status,
  sources: r.sources,
  created_on: r.createdAt.toISOString(),
});

export const presentConversation = (r: ConversationRow): AiConversation => ({
  conversation_db_id: r.id,
  project_db_id: r.projectId,
  title: r.title,
  created_on: r.createdAt.toISOString(),
  updated_on: r.updatedAt.toISOString(),
});

/** The caller's own conversation, or 404 (another user's is not found either). */
export async function ownConversation(db: DbOrTx, userId: string, conversationId: string) {
  const [row] = await db
    .select()
    .from(aiConversations)
    .where(and(eq(aiConversations.id, conversationId), eq(aiConversations.userId, userId)));
  if (!row) throw notFound(AI_TEXT.conversationNotFound);
  return row;
}

export async function createConversation(db: DbOrTx, userId: string, projectId: string, question: string) {
  const title = question.length > 80 ? `${question.slice(0, 79)}…` : question;
  const [row] = await db.insert(aiConversations).values({ userId, projectId, title }).returning();
  return row;
}

export async function insertTurn(
  db: DbOrTx,
  conversationId: string,
  turn: { role: 'user' | 'system'; text: string; status?: TurnRow['status']; sources?: AiSource[] },
) {
  const [row] = await db
    .insert(aiTurns)
    .values({ conversationId, role: turn.role, text: turn.text, status: turn.status, sources: turn.sources })
    .returning();
  await db
    .update(aiConversations)
    .set({ updatedAt: sql`now()` })
    .where(eq(aiConversations.id, conversationId));
  return row;
}

/** The latest turns of a conversation, oldest first (the context sent with a new question). */
export async function recentTurns(db: DbOrTx, conversationId: string, n: number) {
  const rows = await db
    .select()
    .from(aiTurns)
    .where(eq(aiTurns.conversationId, conversationId))
    .orderBy(desc(aiTurns.createdAt), desc(aiTurns.id))
    .limit(n);
  return rows.reverse();
}

const encodeCursor = (r: TurnRow) =>
  Buffer.from(JSON.stringify([r.createdAt.toISOString(), r.id])).toString('base64url');
function decodeCursor(raw: string): [string, string] {
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      !Number.isNaN(Date.parse(String(v[0]))) &&
      /^[0-9a-f-]{36}$/i.test(String(v[1]))
    )
      return [String(v[0]), String(v[1])];
  } catch {
    // fall through
  }
  throw badRequest(AI_TEXT.conversationNotFound);
}

/** A page of turns, newest page first, oldest-to-newest inside; `before` pages back (keyset). */
export async function turnPage(db: DbOrTx, conversationId: string, perPage: number, before?: string) {
  const where = [eq(aiTurns.conversationId, conversationId)];
  if (before) {
    const [ts, id] = decodeCursor(before);
    where.push(sql`(${aiTurns.createdAt}, ${aiTurns.id}) < (${ts}::timestamptz, ${id}::uuid)`);
  }
  const rows = await db
    .select()
    .from(aiTurns)
    .where(and(...where))
    .orderBy(desc(aiTurns.createdAt), desc(aiTurns.id))
    .limit(perPage + 1);
  const page = rows.slice(0, perPage);
  const [{ total }] = await db
    .select({ total: count() })
    .from(aiTurns)
    .where(eq(aiTurns.conversationId, conversationId));
  const oldest = page.at(-1);
  return {
    total_entries: total,
    turns: page.reverse().map(presentTurn),
    next_before: rows.length > perPage && oldest ? encodeCursor(oldest) : null,
  };
}

export async function conversationPage(
  db: DbOrTx,
  userId: string,
  projectId: string,
  perPage: number,
  pageNo: number,
) {
  const mine = and(eq(aiConversations.userId, userId), eq(aiConversations.projectId, projectId));
  const rows = await db
    .select()
    .from(aiConversations)
    .where(
      and(
        mine,
        afterPageNo({
          keys: [sql`${aiConversations.updatedAt}`, sql`${aiConversations.id}`],
          order: 'desc',
          from: sql`${aiConversations}`,
          where: mine,
          pageNo,
          perPage,
        }),
      ),
    )
    .orderBy(desc(aiConversations.updatedAt), desc(aiConversations.id))
    .limit(perPage);
  const [{ total }] = await db.select({ total: count() }).from(aiConversations).where(mine);
  return { total_entries: total, conversations: rows.map(presentConversation) };
}

export const startOfMonthUtc = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Tokens (in, out) a team used since the start of this month (UTC). */
export async function teamTokensThisMonth(db: DbOrTx, teamId: string) {
  const [row] = await db
    .select({
      tokensIn: sql<number>`coalesce(sum(${aiUsage.tokensIn}), 0)`.mapWith(Number),
      tokensOut: sql<number>`coalesce(sum(${aiUsage.tokensOut}), 0)`.mapWith(Number),
    })
    .from(aiUsage)
    .where(and(eq(aiUsage.teamId, teamId), gte(aiUsage.createdAt, startOfMonthUtc())));
  return row;
}

/** Questions a user sent upstream in the last minute. */
export async function userRequestsLastMinute(db: DbOrTx, userId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), gte(aiUsage.createdAt, sql`now() - interval '1 minute'`)));
  return n;
}

export async function insertUsage(db: DbOrTx, row: typeof aiUsage.$inferInsert) {
  const [out] = await db.insert(aiUsage).values(row).returning({ id: aiUsage.id });
  return out.id;
}

export async function finishUsage(
  db: DbOrTx,
  id: string,
  u: { tokensIn: number; tokensOut: number; status: string },
) {
  await db.update(aiUsage).set(u).where(eq(aiUsage.id, id));
}
