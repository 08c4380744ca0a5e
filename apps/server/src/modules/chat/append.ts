import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  chatConversations,
  chatMessages,
  projectMembers,
  users,
  type ConversationKind,
} from '../../db/schema/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { prepared } from '../../db/prepared.ts';
import { messageId } from './messageId.ts';
import {
  ownerOf,
  senderColumns,
  type ConversationRef,
  type MessageRow,
  type Sender,
} from './conversations.ts';

export interface Appended {
  row: MessageRow;
  sender: Sender;
  /** the conversation's chats_count after this send: the message's seq */
  chatsCount: number;
  /** the members of the conversation's project, when asked for (`withMembers`) */
  memberIds: Set<string>;
}

/** The values of the append statement (placeholders when it is prepared). */
type AppendValues = Record<
  'kind' | 'ownerId' | 'projectId' | 'taskId' | 'id' | 'userId' | 'text' | 'mentions',
  unknown
>;

/**
 * The append as one statement: the bump (an upsert that takes the conversation row's lock until
 * commit), the message at seq = the bumped chats_count, stamped by the database clock after the lock,
 * and its sender. With `withMembers` the bump also answers the project's members, and only members
 * stay mentioned, in the order given.
 */
function appendQuery(db: DbOrTx, arg: (k: keyof AppendValues) => unknown, withMembers: boolean) {
  const c = chatConversations;
  const conv = db.$with('conv').as(
    db
      .insert(c)
      .values({
        kind: arg('kind') as ConversationKind,
        ownerId: arg('ownerId') as string,
        projectId: arg('projectId') as string,
        taskId: arg('taskId') as string | null,
        chatsCount: 1,
      })
      .onConflictDoUpdate({ target: [c.kind, c.ownerId], set: { chatsCount: sql`${c.chatsCount} + 1` } })
      .returning({
        id: c.id,
        chatsCount: c.chatsCount,
        memberIds: withMembers
          ? sql<string[]>`array(select ${projectMembers.userId} from ${projectMembers}
              where ${projectMembers.projectId} = ${c.projectId})`.as('member_ids')
          : sql<string[]>`'{}'::uuid[]`.as('member_ids'),
      }),
  );
  const mentions = sql`${arg('mentions')}::uuid[]`;
  const inserted = db.$with('inserted').as(
    db
      .insert(chatMessages)
      .select(
        db
          .select({
            id: sql`${arg('id')}::uuid`.as('id'),
            conversationId: conv.id,
            seq: conv.chatsCount,
            userId: sql`${arg('userId')}::uuid`.as('user_id'),
            text: sql`${arg('text')}::text`.as('text'),
            mentionUserIds: (withMembers
              ? sql`array(select m from unnest(${mentions}) with ordinality as t(m, i)
                  where m = any(${conv.memberIds}) order by i)`
              : mentions
            ).as('mention_user_ids'),
            createdAt: sql`clock_timestamp()`.as('created_at'),
          })
          .from(conv),
      )
      .returning(),
  );
  return db
    .with(conv, inserted)
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
      chatsCount: conv.chatsCount,
      memberIds: conv.memberIds,
    })
    .from(inserted)
    .innerJoin(users, eq(users.id, inserted.userId))
    .crossJoin(conv);
}

/**
 * Stores one message (the ordering guarantee of conversations.ts) in one statement, prepared: in `db` it commits
 * on its own, in a transaction with the caller's other writes. With `withMembers`, also the project's
 * members, and only members stay mentioned.
 */
export async function appendMessage(
  db: DbOrTx,
  ref: ConversationRef,
  input: { userId: string; text: string; mentionUserIds?: string[]; withMembers?: boolean },
): Promise<Appended> {
  const withMembers = input.withMembers ?? false;
  const values: AppendValues = {
    kind: ref.kind,
    ownerId: ownerOf(ref),
    projectId: ref.projectId,
    taskId: ref.kind === 'task' ? ref.taskId : null,
    id: messageId(),
    userId: input.userId,
    text: input.text,
    mentions: input.mentionUserIds ?? [],
  };
  const [found] = await prepared(
    db,
    `chat_append${withMembers ? '_with_members' : ''}`,
    (d) => appendQuery(d, (k) => sql.placeholder(k), withMembers),
    values,
  );
  if (!found) throw notFound();
  return {
    row: found.row,
    sender: found.sender,
    chatsCount: found.chatsCount,
    memberIds: new Set(found.memberIds),
  };
}
