import { and, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import { MSG, displayName, groupChatMessages, type ChatDateGroup, type ChatMessage } from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  chatConversations,
  chatMessages,
  chatSeen,
  projectMembers,
  users,
  type ConversationKind,
} from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { prepared } from '../../db/prepared.ts';
import { messageId } from './messageId.ts';

/**
 * The chat core: one implementation of storage, counters, seen records, paging and
 * ordering for every conversation — the project chat, each task's chat, and later chats. A
 * conversation is named by its kind and owner; its row is created by its first send.
 *
 * Ordering guarantee, the same for every kind: a send first bumps the conversation's chats_count
 * (an upsert that holds the conversation row's lock until commit), then stores the message with
 * seq = that chats_count and created_at = clock_timestamp() read after the lock. Senders of one
 * conversation are therefore serialised: seq is 1, 2, 3… in commit order, created_at never goes
 * back as seq goes up, and history pages by keyset on seq, so what a reader sees is the counter's
 * order whichever API node took the send.
 */

export type { ConversationKind };

/** A conversation as its owner names it: the project, or the task (with the project it lives in). */
export type ConversationRef =
  { kind: 'project'; projectId: string } | { kind: 'task'; projectId: string; taskId: string };

const ownerOf = (ref: ConversationRef) => (ref.kind === 'project' ? ref.projectId : ref.taskId);
const isConversation = (kind: ConversationKind, ownerId: string) =>
  and(eq(chatConversations.kind, kind), eq(chatConversations.ownerId, ownerId));

export type MessageRow = typeof chatMessages.$inferSelect;
export interface Sender {
  id: string;
  firstName: string;
  lastName: string;
  badgeColor: string;
}

export const senderColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  badgeColor: users.badgeColor,
};

/** The message as every chat shows it; the kind adds its own fields (task_id, …). */
export function presentChatMessage(row: MessageRow, sender: Sender, projectId: string): ChatMessage {
  return {
    id: row.id,
    project_id: projectId,
    user: {
      user_id: sender.id,
      user_name: displayName(sender.firstName, sender.lastName),
      user_badge_color: sender.badgeColor,
    },
    text: row.text,
    timestamp: row.createdAt.toISOString(),
    ...(row.mentionUserIds.length ? { mention: { user_ids: row.mentionUserIds } } : {}),
  };
}

export interface Appended {
  row: MessageRow;
  sender: Sender;
  /** the conversation's chats_count after this send: the message's seq */
  chatsCount: number;
  /** the members of the conversation's project, when asked for (`withMembers`) */
  memberIds: Set<string>;
}

/**
 * Stores one message in `tx` (the caller's transaction, which commits it): takes the
 * conversation's lock by bumping chats_count, then writes the message at seq = chats_count,
 * stamped by the database clock after the lock, and reads its sender in the same statement.
 * With `withMembers`, the bump also answers the project's members and only members stay mentioned
 * (two statements in all, whatever the kind).
 */
export async function appendMessage(
  tx: Tx,
  ref: ConversationRef,
  input: { userId: string; text: string; mentionUserIds?: string[]; withMembers?: boolean },
): Promise<Appended> {
  const members = sql<string[]>`array(select ${projectMembers.userId} from ${projectMembers}
    where ${projectMembers.projectId} = ${ref.projectId})`;
  const [conversation] = await tx
    .insert(chatConversations)
    .values({
      kind: ref.kind,
      ownerId: ownerOf(ref),
      projectId: ref.projectId,
      taskId: ref.kind === 'task' ? ref.taskId : null,
      chatsCount: 1,
    })
    .onConflictDoUpdate({
      target: [chatConversations.kind, chatConversations.ownerId],
      set: { chatsCount: sql`${chatConversations.chatsCount} + 1` },
    })
    .returning({
      id: chatConversations.id,
      chatsCount: chatConversations.chatsCount,
      memberIds: input.withMembers ? members : sql<string[]>`'{}'::uuid[]`,
    });
  const memberIds = new Set(conversation.memberIds);
  const mentioned = input.mentionUserIds ?? [];
  const inserted = tx.$with('inserted').as(
    tx
      .insert(chatMessages)
      .values({
        id: messageId(),
        conversationId: conversation.id,
        seq: conversation.chatsCount,
        userId: input.userId,
        text: input.text,
        mentionUserIds: input.withMembers ? mentioned.filter((id) => memberIds.has(id)) : mentioned,
        createdAt: sql`clock_timestamp()`,
      })
      .returning(),
  );
  const [found] = await tx
    .with(inserted)
    .select({
      row: {
        id: inserted.id,
        conversationId: inserted.conversationId,
        seq: inserted.seq,
        userId: inserted.userId,
        text: inserted.text,
        mentionUserIds: inserted.mentionUserIds,
        createdAt: inserted.createdAt,
      },
      sender: senderColumns,
    })
    .from(inserted)
    .innerJoin(users, eq(users.id, inserted.userId));
  if (!found) throw notFound();
  return { row: found.row, sender: found.sender, chatsCount: conversation.chatsCount, memberIds };
}

/**
 * The keyset cursor: the seq of the oldest message shown, as a decimal string. A cursor of the
 * earlier '<ISO timestamp>_<uuid>' form (handed out before the shared chat core) names its message by id.
 */
export async function parseCursor(db: DbOrTx, cursor: string): Promise<number> {
  if (/^[1-9]\d{0,9}$/.test(cursor)) return Number(cursor);
  const legacy = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_([0-9a-f-]{36})$/i.exec(cursor);
  if (!legacy || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(legacy[1]))
    throw badRequest(MSG.invalidCursor);
  const [row] = await db
    .select({ seq: chatMessages.seq })
    .from(chatMessages)
    .where(eq(chatMessages.id, legacy[1]));
  if (!row) throw badRequest(MSG.invalidCursor);
  return row.seq;
}

export interface PageQuery {
  entries_per_page: number;
  page_no: number;
  /** next_before of the previous page */
  before?: string;
  /** the reader's time zone (day groups, 'Today') */
  tz: string;
}

export interface Page {
  total_entries: number;
  next_before: string | null;
  messages: ChatDateGroup[];
}

/**
 * A history page in one statement, prepared: the conversation's counters, and laterally
 * its newest messages below an exclusive upper seq — the cursor's (`byCursor`), or for page_no the
 * bound computed from chats_count (seq runs 1…chats_count without gaps, so page p holds the
 * entries_per_page seqs below chats_count − (p−1)·entries_per_page + 1: no OFFSET). A conversation
 * with no message in the range answers one row without a message (its counters still count).
 */
const pageQuery = (db: DbOrTx, byCursor: boolean) => {
  const c = chatConversations;
  const upper = byCursor
    ? sql`${sql.placeholder('before')}::bigint`
    : sql`${c.chatsCount} - (${sql.placeholder('pageNo')}::int - 1) * ${sql.placeholder('perPage')}::int + 1`;
  const page = db
    .select({
      ...getTableColumns(chatMessages),
      senderFirstName: users.firstName,
      senderLastName: users.lastName,
      senderBadgeColor: users.badgeColor,
    })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(and(eq(chatMessages.conversationId, c.id), lt(chatMessages.seq, upper)))
    .orderBy(desc(chatMessages.seq))
    .limit(sql.placeholder('n') as unknown as number)
    .as('page');
  return db
    .select({
      total: c.messagesCount,
      m: {
        id: page.id,
        conversationId: page.conversationId,
        seq: page.seq,
        userId: page.userId,
        text: page.text,
        mentionUserIds: page.mentionUserIds,
        createdAt: page.createdAt,
      },
      sender: {
        firstName: page.senderFirstName,
        lastName: page.senderLastName,
        badgeColor: page.senderBadgeColor,
      },
    })
    .from(c)
    .leftJoinLateral(page, sql`true`)
    .where(and(eq(c.kind, sql.placeholder('kind')), eq(c.ownerId, sql.placeholder('ownerId'))));
};

/**
 * A page of history, newest page first, each page oldest-to-newest in the shared day and user
 * groups of the reader's time zone. `before` continues below a cursor (stable while others send);
 * without it, the spec's page_no counts pages down from the newest (see pageQuery). total_entries is
 * the conversation's kept messages_count.
 */
export async function pageMessages<M extends ChatMessage>(
  db: DbOrTx,
  ref: ConversationRef,
  q: PageQuery,
  present: (row: MessageRow, sender: Sender) => M,
): Promise<Page> {
  const below = q.before ? await parseCursor(db, q.before) : undefined;
  const byCursor = below !== undefined;
  const rows = await prepared(
    db,
    byCursor ? 'chat_page_before' : 'chat_page_no',
    (d) => pageQuery(d, byCursor),
    {
      kind: ref.kind,
      ownerId: ownerOf(ref),
      before: below,
      pageNo: q.page_no,
      perPage: q.entries_per_page,
      n: q.entries_per_page + 1,
    },
  );
  if (rows.length === 0) return { total_entries: 0, next_before: null, messages: [] };
  const found = rows
    .flatMap((r) => (r.m && r.sender ? [{ m: r.m, sender: { ...r.sender, id: r.m.userId } }] : []))
    .sort((a, b) => b.m.seq - a.m.seq); // newest first: the outer query leaves the order unstated
  const page = found.slice(0, q.entries_per_page);
  const oldest = page.at(-1);
  const list = page.reverse().map((r) => present(r.m, r.sender));
  return {
    total_entries: rows[0].total,
    next_before: found.length > page.length && oldest ? String(oldest.m.seq) : null,
    messages: groupChatMessages(list, { timeZone: q.tz, now: new Date() }),
  };
}

/** The reader's counters: chats_count, last_seen_count and unread = chats_count − last_seen_count. */
export async function countersOf(db: DbOrTx, ref: ConversationRef, userId: string) {
  const [row] = await prepared(db, 'chat_counters', countersQuery, {
    kind: ref.kind,
    ownerId: ownerOf(ref),
    userId,
  });
  const chats_count = row?.chatsCount ?? 0;
  const last_seen_count = row?.lastSeen ?? 0;
  return { chats_count, last_seen_count, unread: Math.max(0, chats_count - last_seen_count) };
}
const countersQuery = (db: DbOrTx) =>
  db
    .select({ chatsCount: chatConversations.chatsCount, lastSeen: chatSeen.lastSeenCount })
    .from(chatConversations)
    .leftJoin(
      chatSeen,
      and(eq(chatSeen.conversationId, chatConversations.id), eq(chatSeen.userId, sql.placeholder('userId'))),
    )
    .where(
      and(
        eq(chatConversations.kind, sql.placeholder('kind')),
        eq(chatConversations.ownerId, sql.placeholder('ownerId')),
      ),
    );

/** The reader read the chat: last_seen_count = chats_count, in one statement. Answers that count. */
export async function markSeen(tx: DbOrTx, ref: ConversationRef, userId: string): Promise<number> {
  const rows = await tx
    .insert(chatSeen)
    .select(
      tx
        .select({
          conversationId: chatConversations.id,
          userId: sql`${userId}::uuid`.as('user_id'),
          lastSeenCount: chatConversations.chatsCount,
        })
        .from(chatConversations)
        .where(isConversation(ref.kind, ownerOf(ref))),
    )
    .onConflictDoUpdate({
      target: [chatSeen.conversationId, chatSeen.userId],
      set: { lastSeenCount: sql`excluded.last_seen_count` },
    })
    .returning({ lastSeenCount: chatSeen.lastSeenCount });
  return rows[0]?.lastSeenCount ?? 0;
}

/**
 * chats_count and one viewer's last_seen_count of many conversations of a kind, in one statement:
 * owner id → counts (owners without a conversation are absent: 0 and 0).
 */
export async function countsOf(
  db: DbOrTx,
  kind: ConversationKind,
  ownerIds: string[],
  viewerId: string,
): Promise<Map<string, { chatsCount: number; lastSeen: number }>> {
  const out = new Map<string, { chatsCount: number; lastSeen: number }>();
  if (ownerIds.length === 0) return out;
  const rows = await db
    .select({
      ownerId: chatConversations.ownerId,
      chatsCount: chatConversations.chatsCount,
      lastSeen: sql<number>`coalesce(${chatSeen.lastSeenCount}, 0)::int`,
    })
    .from(chatConversations)
    .leftJoin(chatSeen, and(eq(chatSeen.conversationId, chatConversations.id), eq(chatSeen.userId, viewerId)))
    .where(and(eq(chatConversations.kind, kind), inArray(chatConversations.ownerId, ownerIds)));
  for (const r of rows) out.set(r.ownerId, { chatsCount: r.chatsCount, lastSeen: Number(r.lastSeen) });
  return out;
}

/** Unread counts of some people in one conversation (people who never read it: all of it). */
export async function unreadOfPeople(db: DbOrTx, ref: ConversationRef, userIds: string[]) {
  if (userIds.length === 0) return [];
  const [conversation] = await db
    .select({ id: chatConversations.id, chatsCount: chatConversations.chatsCount })
    .from(chatConversations)
    .where(isConversation(ref.kind, ownerOf(ref)));
  const chatsCount = conversation?.chatsCount ?? 0;
  const seen = conversation
    ? await db
        .select({ userId: chatSeen.userId, lastSeen: chatSeen.lastSeenCount })
        .from(chatSeen)
        .where(and(eq(chatSeen.conversationId, conversation.id), inArray(chatSeen.userId, userIds)))
    : [];
  const lastSeen = new Map(seen.map((s) => [s.userId, s.lastSeen]));
  return userIds.map((userId) => ({
    userId,
    chatsCount,
    unread: Math.max(0, chatsCount - (lastSeen.get(userId) ?? 0)),
  }));
}
