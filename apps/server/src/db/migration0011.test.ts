import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Migration 0011 on existing rows: each notification gets the team it is listed under
 * (its project's team when the user is a member, else the user's personal account), and the old
 * per-user dot becomes a dot on each team with unseen notifications.
 */
const dir = path.resolve(import.meta.dirname, 'migrations');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort();
/** Found by name, so a renumbering at merge time does not break it. */
const target = files.find((f) => f.includes('notifications_per_team'))!;
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

const U = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const T = (n: number) => `10000000-0000-4000-8000-00000000000${n}`;
const P = (n: number) => `20000000-0000-4000-8000-00000000000${n}`;
const N = (n: number) => `30000000-0000-4000-8000-00000000000${n}`;

describe('migration 0011: notifications per team', () => {
  it('places existing notifications and dots under teams', async () => {
    for (const n of [1, 2])
      await db.query(
        `insert into users (id, email, first_name, last_name, username, password_hash, badge_color)
         values ($1, $2, 'A', 'B', $2, 'x', 'red')`,
        [U(n), `u${n}@example.com`],
      );
    // 1 owns personal team 1 and studio 3; 2 owns personal team 2 and is no member of the studio
    const team = (id: string, owner: string, personal: boolean, code: string) =>
      db.query(`insert into teams (id, team_code, name, is_personal, owner_id) values ($1, $4, $4, $3, $2)`, [
        id,
        owner,
        personal,
        code,
      ]);
    await team(T(1), U(1), true, 'P1');
    await team(T(2), U(2), true, 'P2');
    await team(T(3), U(1), false, 'Studio');
    await db.query(`insert into team_members (team_id, user_id) values ($1, $2), ($3, $4), ($5, $2)`, [
      T(1),
      U(1),
      T(2),
      U(2),
      T(3),
    ]);
    await db.query(
      `insert into projects (id, project_code, team_id, title, created_by) values ($1, 'PR1', $2, 'Reel', $3)`,
      [P(1), T(3), U(1)],
    );
    const note = (id: string, user: string, project: string | null, seen: boolean) =>
      db.query(
        `insert into notifications (id, user_id, title, message, notification_type, project_id, has_seen)
         values ($1, $2, 't', 'm', 'chat_mention', $3, $4)`,
        [id, user, project, seen],
      );
    await note(N(1), U(1), P(1), false); // member of the studio → studio
    await note(N(2), U(2), P(1), false); // outside collaborator → their personal account
    await note(N(3), U(1), null, true); // no project (an older team invite) → personal account
    await db.query(
      `insert into notification_state (user_id, has_new_notification) values ($1, true), ($2, false)`,
      [U(1), U(2)],
    );

    for (const sql of statements(target)) await db.exec(sql);

    const rows = await db.query<{ id: string; team_id: string }>(
      `select id, team_id from notifications order by id`,
    );
    expect(rows.rows).toEqual([
      { id: N(1), team_id: T(3) },
      { id: N(2), team_id: T(2) },
      { id: N(3), team_id: T(1) },
    ]);
    const dots = await db.query(`select user_id, team_id, has_new_notification from notification_team_state`);
    // user 1 had the dot and has an unseen notification under the studio only; user 2 had no dot
    expect(dots.rows).toEqual([{ user_id: U(1), team_id: T(3), has_new_notification: true }]);
  });
});
