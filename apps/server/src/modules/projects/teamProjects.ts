import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import type { Emit } from '../../platform/events/bus.ts';
import type { AppContext } from '../../platform/context.ts';
import { onTeamDeleting } from '../teams/index.ts';
import './projects.events.ts';
import { runProjectCleanups } from './projectCleanup.ts';
import { memberIdsOf } from './projects.cards.ts';

/**
 * Before a team is deleted (its projects go with it by cascade): run every project's cleanups (the
 * assets module queues the blob removal of its files) in the same transaction and tell each project's members their cards are gone.
 */
async function releaseTeamProjects(ctx: AppContext, tx: Tx, teamId: string, emit: Emit) {
  const rows = await tx.select({ id: projects.id }).from(projects).where(eq(projects.teamId, teamId));
  for (const { id } of rows) {
    const userIds = await memberIdsOf(tx, id);
    await runProjectCleanups(ctx, tx, id);
    emit('project.deleted', { projectId: id, userIds });
  }
}

/** Registers releaseTeamProjects with the teams module (manifest `listeners`): teams imports no project code. */
export function releaseProjectsOfDeletedTeams(ctx: AppContext) {
  onTeamDeleting(ctx, (tx, teamId, emit) => releaseTeamProjects(ctx, tx, teamId, emit));
}
