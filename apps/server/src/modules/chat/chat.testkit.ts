import { API, type ChatHistory, type ChatMessage } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { and, asc, eq } from 'drizzle-orm';
import { chatConversations, chatMessages, type ConversationKind } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { appendMessage } from './conversations.ts';
import { addMembers, apiProject, call, person, type Person } from '../projects/projects.testkit.ts';

/** Test helpers for the chat module. */

export { addMembers, apiProject, call, person, type Person };

/** Sends through the API and fails the test unless stored. */
export async function say(t: TestApp, who: Person, projectId: string, text: string, mentions: string[] = []) {
  const res = await call<{ message: ChatMessage; chats_count: number }>(t, 'POST', API.chat.root, who, {
    project_db_id: projectId,
    text,
    mention_user_ids: mentions,
  });
  if (!res.body.response) throw new Error(`not sent: ${res.body.errormessage}`);
  return res.body.data;
}

/** A message stored by the chat core, then moved to a chosen instant (for day and time-zone rules). */
export async function insertMessage(t: TestApp, projectId: string, who: Person, text: string, at: string) {
  return t.ctx.db.transaction(async (tx) => {
    const { row } = await appendMessage(tx, { kind: 'project', projectId }, { userId: who.user.id, text });
    const [moved] = await tx
      .update(chatMessages)
      .set({ createdAt: new Date(at) })
      .where(eq(chatMessages.id, row.id))
      .returning();
    return moved;
  });
}

/** The stored messages of one conversation (kind and owner id), in seq order. */
export async function storedMessages(db: DbOrTx, kind: ConversationKind, ownerId: string) {
  const rows = await db
    .select({ m: chatMessages })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(eq(chatConversations.kind, kind), eq(chatConversations.ownerId, ownerId)))
    .orderBy(asc(chatMessages.seq));
  return rows.map((r) => r.m);
}

export async function history(
  t: TestApp,
  who: Person,
  projectId: string,
  query: Record<string, string> = {},
) {
  return call<ChatHistory>(t, 'GET', API.chat.root, who, { project_db_id: projectId, ...query });
}

/** The texts of a history answer, oldest first, with their group's user id. */
export const flatTexts = (h: ChatHistory) =>
  h.messages.flatMap((d) => d.messages.flatMap((g) => g.messages.map((m) => m.text)));

/** A project with `n` members besides the owner. */
export async function crowd(t: TestApp, n: number) {
  const owner = await person(t);
  const projectId = await apiProject(t, owner);
  const others: Person[] = [];
  for (let i = 0; i < n; i++) others.push(await person(t));
  if (others.length) await addMembers(t, owner, projectId, others);
  return { owner, others, projectId };
}
