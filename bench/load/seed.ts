import { sql } from 'drizzle-orm';
import { createTestApp, STRONG_PASSWORD } from '../../apps/server/test/harness.ts';
import { hashPassword } from '../../apps/server/src/platform/auth/password.ts';
import { createUser } from '../../apps/server/src/modules/accounts/users.service.ts';
import { project, team, type Person } from '../../apps/server/test/factories.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';

/**
 * The load test's world, written into its own database (dropped and recreated per run, see
 * `recreateDatabase` in ../chat-setup.ts) through the server's services and factories: users in teams
 * of TEAM_SIZE (an owner and members, enterprise plan), PROJECTS_PER_TEAM projects per team with every
 * team member in each, ASSETS_PER_PROJECT files at each project's root (so the list has pages and
 * search has words to find) and CHAT_PER_PROJECT messages of history. Every user has one password
 * hash made with the production argon2 settings (one hash for all: argon2 per user would take
 * minutes), so logging in during the test costs what it costs in production.
 */
export const TEAM_SIZE = 20;
const PROJECTS_PER_TEAM = 2;
const ASSETS_PER_PROJECT = 300;
const CHAT_PER_PROJECT = 100;

export interface LoadUser {
  email: string;
  password: string;
  teamId: string;
  /** The project this user works in (opens, pages, chats and uploads in). */
  projectId: string;
}

export interface LoadWorld {
  users: LoadUser[];
  projects: string[];
}

export async function seedLoad(databaseUrl: string, userCount: number): Promise<LoadWorld> {
  const t = await createTestApp({ DATABASE_URL: databaseUrl, RATE_LIMIT: 'false' });
  try {
    const db = t.ctx.db;
    const passwordHash = await hashPassword(STRONG_PASSWORD);
    const users: LoadUser[] = [];
    const projects: string[] = [];
    const teams = Math.ceil(userCount / TEAM_SIZE);
    for (let k = 0; k < teams; k++) {
      const people: Person[] = [];
      for (let i = 0; i < TEAM_SIZE && k * TEAM_SIZE + i < userCount; i++) {
        const email = `load${k * TEAM_SIZE + i}@bench.example.com`;
        const user = await createUser(db, {
          email,
          firstName: 'Load',
          lastName: `User ${k * TEAM_SIZE + i}`,
          passwordHash,
          verified: true,
        });
        people.push({ user, email, password: STRONG_PASSWORD, cookie: '' });
      }
      const [owner, ...members] = people;
      const teamId = await team(t, owner, { name: `Load team ${k}`, members, plan: 'enterprise' });
      const mine: string[] = [];
      for (let p = 0; p < PROJECTS_PER_TEAM; p++) {
        const projectId = await project(t, owner, { teamId, title: `Load ${k}.${p}`, members });
        mine.push(projectId);
        await db.execute(sql`
          insert into assets (project_id, parent_id, title, file_type, folder_path, ingest_code, keywords, search_text, size_bytes, status)
          select ${projectId}, null, 'shot_' || g || '.mov', 'video', '/', 'LD' || ${k * PROJECTS_PER_TEAM + p} || 'x' || g,
            array['w' || (g % 50), 'kw' || g],
            'shot_' || g || '.mov w' || (g % 50) || ' w' || ((g * 7) % 50) || ' kw' || g,
            1000, 1
          from generate_series(1, ${ASSETS_PER_PROJECT}) g`);
        const [{ id: conversationId }] = await rowsOf<{ id: string }>(
          db,
          sql`insert into chat_conversations (kind, owner_id, project_id, chats_count)
            values ('project', ${projectId}, ${projectId}, ${CHAT_PER_PROJECT}) returning id`,
        );
        await db.execute(sql`
          insert into chat_messages (id, conversation_id, seq, user_id, text, created_at)
          select gen_random_uuid(), ${conversationId}, g, ${owner.user.id}, 'history ' || g,
            now() - make_interval(secs => ${CHAT_PER_PROJECT} - g)
          from generate_series(1, ${CHAT_PER_PROJECT}) g`);
      }
      projects.push(...mine);
      people.forEach((p, i) =>
        users.push({ email: p.email, password: p.password, teamId, projectId: mine[i % mine.length] }),
      );
    }
    await db.execute(sql`analyze`);
    return { users, projects };
  } finally {
    await t.close();
  }
}
