import { displayName } from '@rushes/shared';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './db/client.ts';
import { seedMarks, teams } from './db/schema/index.ts';
import type { AppContext } from './platform/context.ts';
import { hashPassword } from './platform/auth/password.ts';
import { createUser, findUserByEmail, updateUser } from './modules/accounts/users.service.ts';
import { createTeam } from './modules/teams/teams.service.ts';
import { makeDemoMedia, type DemoFile } from './demo/media.ts';
import { inOneTransaction } from './demo/oneTransaction.ts';
import { DEMO_PROJECT_TITLE, fillDemoProject, type DemoPeople } from './demo/project.ts';

export const DEMO_LOGIN = { email: 'demo@rushes.local', password: 'Demo-Rushes-2026!' };
export const DEMO_EDITOR = { email: 'editor@rushes.local', password: 'Editor-Rushes-2026!' };
export { DEMO_PROJECT_TITLE };
const DEMO_TEAM = 'Demo Studio';
const DEMO_PLAN = 'pro';

export interface SeedLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SeedOptions {
  /** Also the demo project (DEMO_SEED_PROJECT); false seeds only the people and Demo Studio. */
  project?: boolean;
  log?: SeedLog;
}

/** Two API nodes starting together on one PostgreSQL seed once: the second waits, then finds it done. */
const lockSeed = (db: DbOrTx) => db.execute(sql`select pg_advisory_xact_lock(hashtext('rushes.demo_seed'))`);

/**
 * The demo world printed at start-up: a producer who owns 'Demo Studio' and an editor in it (holding
 * the default member permissions), and — unless `project` is false — the demo project in Demo
 * Studio with media, a brief, tasks, chat and an approval request (demo/project.ts). The producer's
 * account is on the Pro plan, so the demo can create more teams before meeting the upgrade notice.
 * Idempotent: each part is one transaction that first checks whether it was done already (the demo
 * project by its mark in seed_marks, so a deleted demo project stays deleted). A failed demo project
 * is logged and left for the next start; it never stops the server.
 */
export async function seedDemo(ctx: AppContext, opts: SeedOptions = {}) {
  const log = opts.log ?? console;
  const users = await seedDemoPeople(ctx.db);
  let project = false;
  if (opts.project !== false) {
    try {
      project = await seedDemoProject(ctx, log);
    } catch (err) {
      log.error({ err }, 'demo project not seeded (it is tried again at the next start)');
    }
  }
  return { users, project };
}

async function seedDemoPeople(db: Db) {
  if (await findUserByEmail(db, DEMO_LOGIN.email)) return false;
  const [ownerHash, editorHash] = await Promise.all([
    hashPassword(DEMO_LOGIN.password),
    hashPassword(DEMO_EDITOR.password),
  ]);
  return db.transaction(async (tx) => {
    await lockSeed(tx);
    if (await findUserByEmail(tx, DEMO_LOGIN.email)) return false;
    const owner = await createUser(tx, {
      email: DEMO_LOGIN.email,
      firstName: 'Demo',
      lastName: 'Producer',
      passwordHash: ownerHash,
      verified: true,
    });
    const editor = await createUser(tx, {
      email: DEMO_EDITOR.email,
      firstName: 'Demo',
      lastName: 'Editor',
      passwordHash: editorHash,
      verified: true,
    });
    await tx.update(teams).set({ planCode: DEMO_PLAN }).where(eq(teams.ownerId, owner.id));
    await createTeam(tx, {
      name: DEMO_TEAM,
      ownerId: owner.id,
      awsRegion: 'ap-south-1',
      memberIds: [editor.id],
      planCode: DEMO_PLAN,
    });
    return true;
  });
}

/** The producer, the editor and the producer's Demo Studio; null when one of them is gone. */
async function demoPeople(db: DbOrTx): Promise<DemoPeople | null> {
  const producer = await findUserByEmail(db, DEMO_LOGIN.email);
  const editor = await findUserByEmail(db, DEMO_EDITOR.email);
  if (!producer || !editor) return null;
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.ownerId, producer.id), eq(teams.name, DEMO_TEAM)))
    .limit(1);
  if (!team) return null;
  const name = (u: { firstName: string; lastName: string }) => displayName(u.firstName, u.lastName);
  return {
    teamId: team.id,
    producer: { id: producer.id, name: name(producer) },
    editor: { id: editor.id, name: name(editor) },
  };
}

const PROJECT_MARK = 'demo_project';

/**
 * The marker: written in the transaction that stores the demo project, so it says "stored whole".
 * Not the project itself: a demo project its users deleted stays deleted.
 */
async function projectSeeded(db: DbOrTx) {
  const [row] = await db.select().from(seedMarks).where(eq(seedMarks.name, PROJECT_MARK)).limit(1);
  return Boolean(row);
}

/**
 * Makes the media first (ffmpeg, outside any transaction; without ffmpeg the project has no media
 * and a warning says so), then the whole project and its mark in one transaction, so a start that
 * dies half way leaves nothing behind and the next start seeds it whole. The media's blob keys are fixed: a rerun
 * overwrites them.
 */
async function seedDemoProject(ctx: AppContext, log: SeedLog) {
  if (await projectSeeded(ctx.db)) return false;
  const people = await demoPeople(ctx.db);
  if (!people) {
    log.info(
      {},
      `demo project not seeded: ${DEMO_LOGIN.email}, ${DEMO_EDITOR.email} or ${DEMO_TEAM} is gone`,
    );
    return false;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-demo-'));
  try {
    const ffmpeg = ctx.config.FFMPEG_PATH;
    const media = await makeDemoMedia(ffmpeg, dir).catch((err: unknown): DemoFile[] => {
      log.warn({ err, ffmpeg }, 'demo project seeded without media: ffmpeg could not make the demo files');
      return [];
    });
    const seeded = await inOneTransaction(ctx, async (tx, txCtx) => {
      await lockSeed(tx);
      if (await projectSeeded(tx)) return false;
      await fillDemoProject(txCtx, people, media);
      // the printed demo login opens onto the demo project: both of its people last worked in Demo
      // Studio, so a browser that has stored no team opens there (resolveTeam), not on My Account
      for (const person of [people.producer, people.editor])
        await updateUser(tx, person.id, { lastTeamId: people.teamId });
      await tx.insert(seedMarks).values({ name: PROJECT_MARK });
      return true;
    });
    if (seeded) log.info({ title: DEMO_PROJECT_TITLE, files: media.length }, 'demo project seeded');
    return seeded;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
