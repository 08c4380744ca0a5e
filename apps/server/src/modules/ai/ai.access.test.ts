import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AI_API, AI_TEXT, MSG, type AiConversationPage, type AiTurnPage, type AiUsage } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { aiTurns, aiUsage } from '../../db/schema/index.ts';
import { teamOfProject } from '../projects/projects.testkit.ts';
import { call, crew, type Person } from '../tasks/tasks.testkit.ts';
import { STANDIN_KEY, askThrough, standinEnv, startStandin, type Standin } from './ai.testkit.ts';

let s: Standin;
let t: TestApp;
/** Every answer body the app gave in this file, to look for the key in. */
const answers: string[] = [];

beforeAll(async () => {
  s = await startStandin();
  t = await createTestApp(standinEnv(s, { AI_MAX_RETRIES: '0', AI_TIMEOUT_SECONDS: '1' }));
});
beforeEach(() => s?.clear());
afterAll(async () => {
  await t?.close();
  await s?.close();
});

const ask = (app: TestApp, who: Person | undefined, body: Record<string, unknown>) =>
  askThrough(app, who, body, answers);

async function get<T>(who: Person, url: string, query: Record<string, unknown>) {
  const res = await call<T>(t, 'GET', url, who, query);
  answers.push(JSON.stringify(res.body));
  return res;
}

describe('the assistant: limits, conversations, refusals', () => {
  it("the team's monthly budget and the user's rate refuse before anything is sent", async () => {
    const { owner, bob, projectId } = await crew(t);
    const team = await teamOfProject(t, projectId);
    const before = s.requests.length;
    await t.ctx.db.insert(aiUsage).values({
      teamId: team,
      userId: owner.user.id,
      projectId,
      model: 'x',
      tokensIn: 900_000,
      tokensOut: 100_000,
    });
    const spent = await ask(t, bob, { project_db_id: projectId, text: 'Anything?' });
    expect(spent.status).toBe(429);
    expect(spent.envelope).toMatchObject({ response: false, errormessage: AI_TEXT.budgetExhausted });
    // bob works in the project, not in the owner's team: the team's figures are not his
    expect((await call(t, 'GET', AI_API.usage, bob, { team_db_id: team })).status).toBe(403);
    const usage = await get<AiUsage>(owner, AI_API.usage, { team_db_id: team });
    expect(usage.body.data).toMatchObject({
      tokens_in: 900_000,
      tokens_out: 100_000,
      budget_tokens: 1_000_000,
    });

    const { cara, projectId: other } = await crew(t);
    const otherTeam = await teamOfProject(t, other);
    await t.ctx.db.insert(aiUsage).values(
      Array.from({ length: 10 }, () => ({
        teamId: otherTeam,
        userId: cara.user.id,
        projectId: other,
        model: 'x',
      })),
    );
    const fast = await ask(t, cara, { project_db_id: other, text: 'One more?' });
    expect(fast.status).toBe(429);
    expect(fast.envelope?.errormessage).toBe(AI_TEXT.rateLimited);
    expect(s.requests.length).toBe(before);
  });

  it('conversations: paged per user and project, history paged back, deletable, private to their owner', async () => {
    const { owner, bob, outsider, projectId } = await crew(t);
    s.script({ kind: 'text', chunks: ['a'] }, { kind: 'text', chunks: ['b'] });
    const one = await ask(t, owner, { project_db_id: projectId, text: 'First conversation' });
    const two = await ask(t, owner, { project_db_id: projectId, text: 'Second conversation' });
    const list = await get<AiConversationPage>(owner, AI_API.conversations, { project_db_id: projectId });
    expect(list.body.data.total_entries).toBe(2);
    expect(list.body.data.conversations.map((c) => c.title)).toEqual([
      'Second conversation',
      'First conversation',
    ]);
    const bobs = await get<AiConversationPage>(bob, AI_API.conversations, { project_db_id: projectId });
    expect(bobs.body.data.total_entries).toBe(0);

    // 25 more turns: the newest 20 first, then the rest by next_before
    const id = one.start.conversation_db_id;
    const later = Date.now() + 1000;
    for (let i = 0; i < 25; i += 1)
      await t.ctx.db
        .insert(aiTurns)
        .values({ conversationId: id, role: 'user', text: `q${i}`, createdAt: new Date(later + i) });
    const page1 = await get<AiTurnPage>(owner, AI_API.turns, { conversation_db_id: id });
    expect(page1.body.data.turns).toHaveLength(20);
    expect(page1.body.data.turns.at(-1)!.content.text).toBe('q24');
    const page2 = await get<AiTurnPage>(owner, AI_API.turns, {
      conversation_db_id: id,
      before: page1.body.data.next_before!,
    });
    expect(page2.body.data.turns.map((x) => x.content.text)).toEqual([
      'First conversation',
      'a',
      'q0',
      'q1',
      'q2',
      'q3',
      'q4',
    ]);
    expect(page2.body.data.next_before).toBeNull();

    // someone else's conversation: not found, to read, to go on with, to delete
    expect((await call(t, 'GET', AI_API.turns, bob, { conversation_db_id: id })).status).toBe(404);
    expect((await call(t, 'DELETE', AI_API.conversations, outsider, { conversation_db_id: id })).status).toBe(
      404,
    );
    const hijack = await ask(t, bob, { project_db_id: projectId, conversation_db_id: id, text: 'mine now' });
    expect(hijack.status).toBe(404);

    const removed = await call<{ message: string }>(t, 'DELETE', AI_API.conversations, owner, {
      conversation_db_id: id,
    });
    expect(removed.body.data.message).toBe(AI_TEXT.conversationDeleted);
    expect((await call(t, 'GET', AI_API.turns, owner, { conversation_db_id: id })).status).toBe(404);
    const after = await get<AiConversationPage>(owner, AI_API.conversations, { project_db_id: projectId });
    expect(after.body.data.conversations.map((c) => c.conversation_db_id)).toEqual([
      two.start.conversation_db_id,
    ]);
    // usage outlives the conversation (the statistics count it)
    const kept = await t.ctx.db
      .select()
      .from(aiUsage)
      .where(and(eq(aiUsage.projectId, projectId)));
    expect(kept).toHaveLength(2);
  });

  it('refuses outsiders, anonymous callers and empty questions', async () => {
    const { outsider, owner, projectId } = await crew(t);
    const before = s.requests.length;
    expect((await ask(t, outsider, { project_db_id: projectId, text: 'hi' })).status).toBe(403);
    expect((await ask(t, undefined, { project_db_id: projectId, text: 'hi' })).status).toBe(401);
    const empty = await ask(t, owner, { project_db_id: projectId, text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.envelope?.errormessage).toBe(MSG.required);
    expect(s.requests.length).toBe(before);
  });

  it('never answers the key', () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const body of answers) expect(body).not.toContain(STANDIN_KEY);
  });
});

describe('the assistant without a service, or behind a private address that is not trusted', () => {
  it('not configured: the status says so and asking answers the plain message (members only)', async () => {
    const bare = await createTestApp();
    try {
      const { owner, outsider, projectId } = await crew(bare);
      const status = await call<{ configured: boolean }>(bare, 'GET', AI_API.status, owner);
      expect(status.body.data).toEqual({ configured: false });
      const res = await ask(bare, owner, { project_db_id: projectId, text: 'hi' });
      expect(res.status).toBe(400);
      expect(res.envelope?.errormessage).toBe(AI_TEXT.notConfigured);
      expect((await ask(bare, outsider, { project_db_id: projectId, text: 'hi' })).status).toBe(403);
    } finally {
      await bare.close();
    }
  });

  it('AI_BASE_URL on a loopback address not listed as trusted: refused without a call', async () => {
    const guarded = await createTestApp(standinEnv(s, { OUTBOUND_TRUSTED_HOSTS: '', AI_MAX_RETRIES: '0' }));
    try {
      const { owner, projectId } = await crew(guarded);
      const before = s.requests.length;
      const res = await ask(guarded, owner, { project_db_id: projectId, text: 'hi' });
      expect(res.error?.message).toBe(AI_TEXT.blockedAddress);
      expect(s.requests.length).toBe(before);
    } finally {
      await guarded.close();
    }
  });
});
