import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import type { DomainEvents } from '../../platform/events/bus.ts';
import type { AppContext } from '../../platform/context.ts';
import './projects.events.ts';
import { runProjectCleanups } from './projectCleanup.ts';
import { memberIdsOf } from './projects.cards.ts';

type Emit = <K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]) => void;

/**
 * Before a team is deleted (its projects go with it by cascade): run every project's cleanups (the
 * assets module queues the blob removal of its files) in the same transaction and tell each project's members their cards are gone.
 */
export async function releaseTeamProjects(ctx: AppContext, tx: Tx, teamId: string, emit: Emit) {
  const rows = await tx.select({ id: projects.id }).from(projects).where(eq(projects.teamId, teamId));
  for (const { id } of rows) {
    const userIds = await memberIdsOf(tx, id);
    await runProjectCleanups(ctx, tx, id);
    emit('project.deleted', { projectId: id, userIds });
  }
}
