import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Migration 0012 (one chat core) on existing rows: the project chats and the task chats
 * move into chat_conversations / chat_messages / chat_seen. Every message keeps its id, author,
 * text, mentions and time; its seq follows the old (created_at, id) order and ends at the old
 * chats_count; counters and seen records carry over; projects and tasks that never chatted get
 * no conversation.
 */
const dir = path.resolve(import.meta.dirname, 'migrations');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort();
/** Found by name, so a renumbering at merge time does not break it. */
const target = files.find((f) => f.includes('chat_core'))!;
const statements = (file: string) =>
  readFileSync(path.join(dir, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  for (const file of files.filter((f) => f < target)) for (const sql of statements(file)) await db.exec(sql);
});
afterAll(() => db.close());

const id = (prefix: string, n: number) => `${prefix}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const U = (n: number) => id('0', n);
const P = (n: number) => id('2', n);
const K = (n: number) => id('4', n);
const M = (n: number) => id('5', n);

describe('migration 0012: one chat core', () => {
  it('keeps every message, counter and seen record of both chats', async () => {
    for (const n of [1, 2])
      await db.query(
        `insert into users (id, email, first_name, last_name, username, password_hash, badge_color)
         values ($1, $2, 'A', 'B', $2, 'x', 'red')`,
        [U(n), `u${n}@example.com`],
      );
    await db.query(
      `insert into teams (id, team_code, name, is_personal, owner_id) values ($1, 'S', 'S', false, $2)`,
      [id('1', 1), U(1)],
    );
    for (const n of [1, 2, 3])
      await db.query(
        `insert into projects (id, project_code, team_id, title, created_by) values ($1, $2, $3, 'Reel', $4)`,
        [P(n), `PR${n}`, id('1', 1), U(1)],
      );
    for (const n of [1, 2, 3])
      await db.query(
        `insert into tasks (id, project_id, task_type, description, due_date, expire_at, assigned_by)
         values ($1, $2, 'editing', 'd', '2026-01-01', '2026-01-02T00:00:00Z', $3)`,
        [K(n), P(1), U(1)],
      );
    const projectMessage = (m: number, project: string, user: string, at: string, mentions = '{}') =>
      db.query(
        `insert into chat_messages (id, project_id, user_id, text, mention_user_ids, created_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [M(m), project, user, `p${m}`, mentions, at],
      );
    // project 1: three messages, two at the same instant (ordered by id), one mention; counter 3
    await projectMessage(3, P(1), U(2), '2026-01-01T10:00:01.000Z');
    await projectMessage(2, P(1), U(1), '2026-01-01T10:00:00.000Z', `{${U(2)}}`);
    await projectMessage(1, P(1), U(1), '2026-01-01T10:00:00.000Z');
    await db.query(`insert into project_chat_counters (project_id, chats_count) values ($1, 3)`, [P(1)]);
    await db.query(
      `insert into project_chat_seen (project_id, user_id, last_seen_count) values ($1, $2, 3), ($1, $3, 1)`,
      [P(1), U(1), U(2)],
    );
    // project 2: a message stored without a counter (e.g. written directly); project 3: never chatted
    await projectMessage(4, P(2), U(1), '2026-01-03T10:00:00.000Z');
    // task 1: two messages, counter 2, one seen; task 2: only a seen record of an empty chat; task 3: nothing
    const taskMessage = (m: number, task: string, user: string, at: string) =>
      db.query(
        `insert into task_chat_messages (id, task_id, user_id, text, created_at) values ($1, $2, $3, $4, $5)`,
        [M(m), task, user, `t${m}`, at],
      );
    await taskMessage(11, K(1), U(2), '2026-01-02T09:00:00.000Z');
    await taskMessage(12, K(1), U(1), '2026-01-02T09:05:00.000Z');
    await db.query(`insert into task_chat_counters (task_id, chats_count) values ($1, 2)`, [K(1)]);
    await db.query(
      `insert into task_chat_seen (task_id, user_id, last_seen_count) values ($1, $2, 1), ($3, $2, 0)`,
      [K(1), U(1), K(2)],
    );

    for (const sql of statements(target)) await db.exec(sql);

    const conversations = await db.query<{
      kind: string;
      owner_id: string;
      project_id: string;
      task_id: string | null;
      chats_count: number;
    }>(
      `select kind, owner_id, project_id, task_id, chats_count from chat_conversations order by kind, owner_id`,
    );
    expect(conversations.rows).toEqual([
      { kind: 'project', owner_id: P(1), project_id: P(1), task_id: null, chats_count: 3 },
      { kind: 'project', owner_id: P(2), project_id: P(2), task_id: null, chats_count: 1 },
      { kind: 'task', owner_id: K(1), project_id: P(1), task_id: K(1), chats_count: 2 },
      { kind: 'task', owner_id: K(2), project_id: P(1), task_id: K(2), chats_count: 0 },
    ]);
    const messages = await db.query(
      `select c.kind, c.owner_id, m.seq, m.id, m.user_id, m.text, m.mention_user_ids, m.created_at
       from chat_messages m join chat_conversations c on c.id = m.conversation_id
       order by c.kind, c.owner_id, m.seq`,
    );
    const at = (iso: string) => new Date(iso);
    expect(messages.rows).toEqual([
      {
        kind: 'project',
        owner_id: P(1),
        seq: 1,
        id: M(1),
        user_id: U(1),
        text: 'p1',
        mention_user_ids: [],
        created_at: at('2026-01-01T10:00:00.000Z'),
      },
      {
        kind: 'project',
        owner_id: P(1),
        seq: 2,
        id: M(2),
        user_id: U(1),
        text: 'p2',
        mention_user_ids: [U(2)],
        created_at: at('2026-01-01T10:00:00.000Z'),
      },
      {
        kind: 'project',
        owner_id: P(1),
        seq: 3,
        id: M(3),
        user_id: U(2),
        text: 'p3',
        mention_user_ids: [],
        created_at: at('2026-01-01T10:00:01.000Z'),
      },
      {
        kind: 'project',
        owner_id: P(2),
        seq: 1,
        id: M(4),
        user_id: U(1),
        text: 'p4',
        mention_user_ids: [],
        created_at: at('2026-01-03T10:00:00.000Z'),
      },
      {
        kind: 'task',
        owner_id: K(1),
        seq: 1,
        id: M(11),
        user_id: U(2),
        text: 't11',
        mention_user_ids: [],
        created_at: at('2026-01-02T09:00:00.000Z'),
      },
      {
        kind: 'task',
        owner_id: K(1),
        seq: 2,
        id: M(12),
        user_id: U(1),
        text: 't12',
        mention_user_ids: [],
        created_at: at('2026-01-02T09:05:00.000Z'),
      },
    ]);
    const seen = await db.query(
      `select c.kind, c.owner_id, s.user_id, s.last_seen_count
       from chat_seen s join chat_conversations c on c.id = s.conversation_id
       order by c.kind, c.owner_id, s.user_id`,
    );
    expect(seen.rows).toEqual([
      { kind: 'project', owner_id: P(1), user_id: U(1), last_seen_count: 3 },
      { kind: 'project', owner_id: P(1), user_id: U(2), last_seen_count: 1 },
      { kind: 'task', owner_id: K(1), user_id: U(1), last_seen_count: 1 },
      { kind: 'task', owner_id: K(2), user_id: U(1), last_seen_count: 0 },
    ]);
    // a conversation's owner is its project (kind project) or its task (kind task)
    const conversation = (kind: string, owner: string, project: string, task: string | null) =>
      db.query(
        `insert into chat_conversations (kind, owner_id, project_id, task_id) values ($1, $2, $3, $4)`,
        [kind, owner, project, task],
      );
    await expect(conversation('task', P(3), P(3), K(3))).rejects.toThrow(/chat_conversations_owner_check/);
    await expect(conversation('project', P(3), P(3), K(3))).rejects.toThrow(/chat_conversations_owner_check/);
    await conversation('task', K(3), P(1), K(3));
    // the old tables are gone; deleting a task or a project takes its conversations with it
    const old = await db.query(
      `select table_name from information_schema.tables where table_name in
       ('project_chat_counters', 'project_chat_seen', 'task_chat_messages', 'task_chat_counters', 'task_chat_seen')`,
    );
    expect(old.rows).toEqual([]);
    await db.query(`delete from tasks where id = $1`, [K(1)]);
    expect(
      (await db.query(`select count(*)::int as n from chat_messages where text like 't%'`)).rows,
    ).toEqual([{ n: 0 }]);
    await db.query(`delete from projects where id = $1`, [P(1)]);
    expect((await db.query(`select owner_id from chat_conversations`)).rows).toEqual([{ owner_id: P(2) }]);
  });
});
