import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AI_API, AI_TEXT, type AiTurnPage, type AiUsage } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { aiTurns, aiUsage, tasks } from '../../db/schema/index.ts';
import { insertFile, teamOfProject } from '../projects/projects.testkit.ts';
import { say } from '../chat/chat.testkit.ts';
import { apiTask, call, crew, type Person } from '../tasks/tasks.testkit.ts';
import {
  STANDIN_KEY,
  askThrough,
  standinEnv,
  startStandin,
  toolResults,
  type Standin,
} from './ai.testkit.ts';

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

describe('the assistant against an OpenAI-compatible service', () => {
  it('streams the first choice: the question and the answer are stored turns; spec sampling, no newline stop, the key only upstream', async () => {
    const { owner, projectId } = await crew(t);
    s.script({
      kind: 'text',
      chunks: ['Hello', ' there,\n', 'two lines.'],
      usage: { prompt: 40, completion: 7 },
    });
    const first = await ask(t, owner, { project_db_id: projectId, text: 'Say hello' });
    expect(first.status).toBe(200);
    expect(first.events.map((e) => e.event)).toEqual(['start', 'delta', 'delta', 'delta', 'done']);
    expect(first.start.user_turn).toMatchObject({
      role: 'user',
      content: { text: 'Say hello' },
      status: 'done',
    });
    expect(first.text).toBe('Hello there,\ntwo lines.');
    expect(first.done.turn).toMatchObject({ role: 'system', content: { text: 'Hello there,\ntwo lines.' } });

    const sent = s.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${STANDIN_KEY}`);
    expect(sent.body).toMatchObject({
      model: 'standin-model',
      stream: true,
      temperature: 1,
      max_tokens: 300,
      top_p: 1,
      presence_penalty: 0,
      frequency_penalty: 0,
    });
    expect(sent.body.stop).toBeUndefined();
    expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: 'Say hello' });
    // the question travels as a user message, never inside the server's instructions
    expect(sent.body.messages[0].role).toBe('system');
    expect(sent.body.messages[0].content).not.toContain('Say hello');

    // the same conversation goes on with its history
    s.script({ kind: 'text', chunks: ['Again'] });
    const conversationId = first.start.conversation_db_id;
    const second = await ask(t, owner, {
      project_db_id: projectId,
      conversation_db_id: conversationId,
      text: 'Once more',
    });
    expect(second.start.conversation_db_id).toBe(conversationId);
    expect(
      s.requests
        .at(-1)!
        .body.messages.slice(1)
        .map((m) => [m.role, m.content]),
    ).toEqual([
      ['user', 'Say hello'],
      ['assistant', 'Hello there,\ntwo lines.'],
      ['user', 'Once more'],
    ]);
    const turns = await get<AiTurnPage>(owner, AI_API.turns, { conversation_db_id: conversationId });
    expect(turns.body.data.turns.map((x) => [x.role, x.content.text])).toEqual([
      ['user', 'Say hello'],
      ['system', 'Hello there,\ntwo lines.'],
      ['user', 'Once more'],
      ['system', 'Again'],
    ]);
    // usage recorded: the service's own counts
    const team = await teamOfProject(t, projectId);
    const usage = await get<AiUsage>(owner, AI_API.usage, { team_db_id: team });
    expect(usage.body.data).toMatchObject({ tokens_in: 40 + 100, tokens_out: 7 + 5 });
  });

  it('a service streaming several choices: only the first (index 0) reaches the panel and the stored answer', async () => {
    const { owner, projectId } = await crew(t);
    s.script({
      kind: 'choices',
      chunks: [
        [[1, 'Other ']],
        [[0, 'First']],
        [[1, 'choice ']],
        [
          [1, 'mixed '],
          [0, ' choice'],
        ],
        [
          [0, ' only.'],
          [1, 'in.'],
        ],
      ],
    });
    const res = await ask(t, owner, { project_db_id: projectId, text: 'Two answers?' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('First choice only.');
    expect(res.done.turn).toMatchObject({ role: 'system', content: { text: 'First choice only.' } });
  });

  it('tool calls run as the asker: the answer names the pending tasks and links them', async () => {
    const { owner, bob, projectId } = await crew(t);
    const logo = await apiTask(t, owner, projectId, bob, { description: 'Animate the logo sting' });
    const grade = await apiTask(t, owner, projectId, bob, { description: 'Grade the launch film' });
    const done = await apiTask(t, owner, projectId, bob, { description: 'Pick the music' });
    await t.ctx.db
      .update(tasks)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(tasks.id, done.task_db_id));
    s.script({ kind: 'tool', name: 'list_tasks', args: { status: 'open' } }, (req) => {
      const [result] = toolResults(req) as { tasks: { description: string; status: string }[] }[];
      return {
        kind: 'text',
        chunks: ['Still pending:\n', ...result.tasks.map((x) => `- ${x.description} (${x.status})\n`)],
      };
    });
    const res = await ask(t, bob, {
      project_db_id: projectId,
      text: 'What is still pending for the launch film?',
    });
    expect(res.done, JSON.stringify(res.error)).toBeDefined();
    expect(res.text).toContain('Animate the logo sting (Pending)');
    expect(res.text).toContain('Grade the launch film (Pending)');
    expect(res.text).not.toContain('Pick the music');
    expect(res.done.turn.sources.map((x) => [x.kind, x.id]).sort()).toEqual(
      [
        ['task', logo.task_db_id],
        ['task', grade.task_db_id],
      ].sort(),
    );
    // the second round carried the tool call and its result back
    const roles = s.requests.at(-1)!.body.messages.map((m) => m.role);
    expect(roles.slice(-2)).toEqual(['assistant', 'tool']);
  });

  it('assets by duration, the brief and the chat, each read through its own service', async () => {
    const { owner, projectId } = await crew(t);
    const long = await insertFile(t, projectId, { title: 'interview-long.mov', keywords: ['interview'] });
    await insertFile(t, projectId, { title: 'broll-short.mov' });
    const { assets } = await import('../../db/schema/index.ts');
    await t.ctx.db.update(assets).set({ durationSeconds: 185 }).where(eq(assets.id, long.id));
    await say(t, owner, projectId, 'Client wants the cut by Friday');
    s.script(
      { kind: 'tool', name: 'find_assets', args: { min_duration_seconds: 120 } },
      { kind: 'tool', name: 'recent_chat', args: {} },
      (req) => {
        const results = toolResults(req) as { items?: { title: string }[]; messages?: { text: string }[] }[];
        return {
          kind: 'text',
          chunks: [
            `${results[0].items!.map((i) => i.title).join(', ')}; chat: ${results[1].messages![0].text}`,
          ],
        };
      },
    );
    const res = await ask(t, owner, {
      project_db_id: projectId,
      text: 'Which clips are longer than 2 minutes?',
    });
    expect(res.text).toBe('interview-long.mov; chat: Client wants the cut by Friday');
    expect(res.done.turn.sources).toEqual([
      { kind: 'asset', id: long.id, title: 'interview-long.mov', project_db_id: projectId, is_folder: false },
      { kind: 'chat', id: projectId, title: '', project_db_id: projectId },
    ]);
  });

  it("a tool call naming another team's project returns nothing of it", async () => {
    const { owner, projectId } = await crew(t);
    const { owner: other, bob: otherBob, projectId: secretProject } = await crew(t);
    await apiTask(t, other, secretProject, otherBob, { description: 'Secret merger teaser' });
    await insertFile(t, secretProject, { title: 'secret-cut.mov' });
    s.script(
      {
        kind: 'tools',
        calls: [
          { name: 'list_tasks', args: { project_db_id: secretProject, status: 'any' } },
          { name: 'find_assets', args: { project_db_id: secretProject } },
        ],
      },
      {
        kind: 'tools',
        calls: [
          { name: 'get_brief', args: { project_db_id: secretProject } },
          { name: 'recent_chat', args: { project_db_id: 'not-a-uuid' } },
        ],
      },
      { kind: 'text', chunks: ['Nothing found.'] },
    );
    const res = await ask(t, owner, { project_db_id: projectId, text: 'Tell me about the secret project' });
    expect(res.text).toBe('Nothing found.');
    expect(res.done.turn.sources).toEqual([]);
    const last = s.requests.at(-1)!;
    expect(toolResults(last)).toEqual([
      { project_db_id: secretProject, found: false, items: [] },
      { project_db_id: secretProject, found: false, items: [] },
      { project_db_id: secretProject, found: false, items: [] },
      { project_db_id: 'not-a-uuid', found: false, items: [] },
    ]);
    const everything = JSON.stringify(last.body);
    expect(everything).not.toContain('Secret merger teaser');
    expect(everything).not.toContain('secret-cut');
  });

  it('429, 500 and a timeout: the inline message, the failed turn kept, usage marked', async () => {
    const { owner, projectId } = await crew(t);
    const cases = [
      [{ kind: 'status', status: 429 }, AI_TEXT.busy],
      [{ kind: 'status', status: 500 }, AI_TEXT.unavailable],
      [{ kind: 'hang' }, AI_TEXT.timeout],
    ] as const;
    for (const [step, message] of cases) {
      s.script(step);
      const res = await ask(t, owner, { project_db_id: projectId, text: `Fail with ${step.kind}` });
      expect(res.status).toBe(200);
      expect(res.error, step.kind).toMatchObject({ message, turn: { role: 'system', status: 'error' } });
      expect(res.error.turn!.content.text).toBe(message);
      expect(res.done).toBeUndefined();
    }
    const rows = await t.ctx.db.select().from(aiUsage).where(eq(aiUsage.projectId, projectId));
    expect(rows.map((r) => r.status)).toEqual(['error', 'error', 'error']);
  });

  it('closing the panel aborts the upstream call and keeps the partial answer as stopped', async () => {
    const { owner, projectId } = await crew(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    s.script({ kind: 'text', chunks: ['First ', 'second ', 'third ', 'fourth'], delayMs: 150 });
    const hungUp = s.nextHangUp();
    const panel = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}${AI_API.ask}`, {
      method: 'POST',
      headers: {
        'api-type': 'web',
        'api-version': '1',
        'content-type': 'application/json',
        cookie: owner.cookie,
      },
      body: JSON.stringify({ project_db_id: projectId, text: 'A long answer please' }),
      signal: panel.signal,
    });
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes('event: delta')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the answer ended before any text: ${seen}`);
      seen += new TextDecoder().decode(value);
    }
    panel.abort();
    const upstream = await hungUp;
    expect(upstream.closedEarly).toBe(true);
    await expect
      .poll(
        async () =>
          (await t.ctx.db.select().from(aiUsage).where(eq(aiUsage.projectId, projectId)))[0]?.status,
      )
      .toBe('stopped');
    const turns = await t.ctx.db.select().from(aiTurns).where(eq(aiTurns.status, 'stopped'));
    expect(turns.some((x) => x.text.startsWith('First'))).toBe(true);
  });

  it('never answers the key', () => {
    expect(answers.length).toBeGreaterThan(5);
    for (const body of answers) expect(body).not.toContain(STANDIN_KEY);
  });
});
