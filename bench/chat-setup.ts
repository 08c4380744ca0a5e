import pg from 'pg';
import { createTestApp, sessionCookie, STRONG_PASSWORD } from '../apps/server/test/harness.ts';
import { hashPassword } from '../apps/server/src/platform/auth/password.ts';
import { createUser } from '../apps/server/src/modules/accounts/users.service.ts';
import { addMembers, apiProject } from '../apps/server/src/modules/projects/projects.testkit.ts';
import type { Person } from '../apps/server/src/modules/teams/teams.testkit.ts';

/**
 * Seeds the chat benchmark's own database (dropped and recreated each run; never the shared `test`
 * database): one sender who owns one project per size N, and N members of that project, each with
 * a logged-in session. Users and sessions are written through the server's services (one password
 * hash for all: argon2 per user would take minutes); projects and memberships go through the API,
 * 50 members per call, with the rate limit off.
 */
export interface ChatProject {
  projectId: string;
  /** Session cookies of the N members (one socket each), in order. */
  memberCookies: string[];
}
export interface ChatFixture {
  senderCookie: string;
  projects: Map<number, ChatProject>;
}

export async function recreateDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === 'test' || name === 'postgres') {
    throw new Error(`refusing to recreate database '${name}': use a bench database of your own`);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

export async function seedChat(databaseUrl: string, sizes: number[]): Promise<ChatFixture> {
  const t = await createTestApp({ DATABASE_URL: databaseUrl, RATE_LIMIT: 'false' });
  try {
    const passwordHash = await hashPassword(STRONG_PASSWORD);
    const makePerson = async (label: string): Promise<Person> => {
      const email = `${label}@bench.example.com`;
      const user = await createUser(t.ctx.db, {
        email,
        firstName: 'Bench',
        lastName: label,
        passwordHash,
        verified: true,
      });
      return { user, email, password: STRONG_PASSWORD, cookie: await sessionCookie(t.ctx, user) };
    };
    const sender = await makePerson('sender');
    const members: Person[] = [];
    const most = Math.max(...sizes);
    for (let i = 0; i < most; i += 20) {
      const batch = Array.from({ length: Math.min(20, most - i) }, (_, j) => makePerson(`member${i + j}`));
      members.push(...(await Promise.all(batch)));
    }
    const projects = new Map<number, ChatProject>();
    for (const n of sizes) {
      const projectId = await apiProject(t, sender, undefined, `Chat bench ${n}`);
      for (let i = 0; i < n; i += 50) await addMembers(t, sender, projectId, members.slice(i, i + 50));
      projects.set(n, { projectId, memberCookies: members.slice(0, n).map((m) => m.cookie) });
    }
    return { senderCookie: sender.cookie, projects };
  } finally {
    await t.close();
  }
}
