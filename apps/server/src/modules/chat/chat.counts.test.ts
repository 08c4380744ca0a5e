import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { chatConversations, chatMessages } from '../../db/schema/index.ts';
import { checkChatCounts } from './chat.counts.ts';
import { crowd, flatTexts, history, say } from './chat.testkit.ts';

/** A conversation's messages_count is total_entries, kept without counting per page. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const conversationOf = async (projectId: string) =>
  (
    await t.ctx.db
      .select()
      .from(chatConversations)
      .where(sql`${chatConversations.kind} = 'project' and ${chatConversations.ownerId} = ${projectId}`)
  )[0];
const recount = async (id: string) =>
  (
    await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, id))
  )[0].n;

describe('messages_count', () => {
  it('follows sends and deletions in their transaction; page_no reads the seq range, no OFFSET', async () => {
    const { owner, others, projectId } = await crowd(t, 1);
    const [guest] = others;
    for (let i = 1; i <= 7; i++) await say(t, i % 2 ? owner : guest, projectId, `m${i}`);
    const c = await conversationOf(projectId);
    expect(c.messagesCount).toBe(7);
    const page = async (q: Record<string, string>) =>
      (await history(t, owner, projectId, { entries_per_page: '3', ...q })).body.data;
    expect((await page({})).total_entries).toBe(7);
    expect(flatTexts(await page({ page_no: '2' }))).toEqual(['m2', 'm3', 'm4']);
    expect(flatTexts(await page({ page_no: '3' }))).toEqual(['m1']);
    expect(flatTexts(await page({ page_no: '4' }))).toEqual([]);

    // deleted messages (as a cascade from their sender would) leave the count in the same statement
    await t.ctx.db.delete(chatMessages).where(eq(chatMessages.userId, guest.user.id));
    const after = await conversationOf(projectId);
    expect(after.messagesCount).toBe(4);
    expect(after.messagesCount).toBe(await recount(c.id));
    expect((await page({})).total_entries).toBe(4);
  });

  it('the hourly check repairs a drifted count', async () => {
    const { owner, projectId } = await crowd(t, 0);
    for (let i = 0; i < 3; i++) await say(t, owner, projectId, `x${i}`);
    const c = await conversationOf(projectId);
    await t.ctx.db.update(chatConversations).set({ messagesCount: 40 }).where(eq(chatConversations.id, c.id));
    expect((await history(t, owner, projectId)).body.data.total_entries).toBe(40);
    expect(await checkChatCounts(t.ctx)).toBeGreaterThanOrEqual(1);
    expect((await conversationOf(projectId)).messagesCount).toBe(3);
    expect((await history(t, owner, projectId)).body.data.total_entries).toBe(3);
    expect(await checkChatCounts(t.ctx)).toBe(0);
  });
});
