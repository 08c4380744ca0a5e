import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { teams } from './db/schema/index.ts';
import { hashPassword } from './platform/auth/password.ts';
import { createUser, findUserByEmail } from './modules/accounts/users.service.ts';
import { createTeam } from './modules/teams/teams.service.ts';

export const DEMO_LOGIN = { email: 'demo@rushes.local', password: 'Demo-Rushes-2026!' };
const DEMO_EDITOR = { email: 'editor@rushes.local', password: 'Editor-Rushes-2026!' };
const DEMO_PLAN = 'pro';

/**
 * The demo world printed at start-up: a producer who owns 'Demo Studio' and an editor in it (holding
 * the default member permissions). The producer's account is on the Pro plan, so the demo can create
 * more teams before meeting the upgrade notice. Idempotent.
 */
export async function seedDemo(db: Db) {
  if (await findUserByEmail(db, DEMO_LOGIN.email)) return false;
  const [ownerHash, editorHash] = await Promise.all([
    hashPassword(DEMO_LOGIN.password),
    hashPassword(DEMO_EDITOR.password),
  ]);
  await db.transaction(async (tx) => {
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
      name: 'Demo Studio',
      ownerId: owner.id,
      awsRegion: 'ap-south-1',
      memberIds: [editor.id],
      planCode: DEMO_PLAN,
    });
  });
  return true;
}
