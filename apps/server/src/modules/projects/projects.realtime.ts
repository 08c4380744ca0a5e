import type { AppContext } from '../../platform/context.ts';
import './projects.events.ts';
import { cardsByMember, trayOf } from './projects.cards.ts';
import { canJoinProjectRoom } from './projects.policy.ts';

/**
 * Projects → realtime (spec 002 §4 tray updates): each member gets the card as they see it (the
 * role is theirs) in their user room; the project room hears that a list or the members changed
 * and refetches through the permission-checked API. Joining project:{id} needs membership, the
 * same rule as reading the project.
 */
export function registerProjectMappers(ctx: AppContext) {
  const { events, realtime } = ctx;
  const room = (projectId: string) => `project:${projectId}`;

  async function sendCards(projectId: string, isNew: (userId: string) => boolean) {
    for (const [userId, project] of await cardsByMember(ctx, projectId)) {
      const tray = trayOf(project.role);
      realtime.toUser(userId, isNew(userId) ? 'project_add' : 'project_update', { tray, project });
    }
  }

  events.on('project.created', ({ projectId }) => sendCards(projectId, () => true));

  events.on('project.changed', async ({ projectId, addedUserIds, removedUserIds, members }) => {
    for (const userId of removedUserIds) {
      realtime.toUser(userId, 'project_delete', { project_db_id: projectId });
      realtime.evictUser(userId, room(projectId));
    }
    const added = new Set(addedUserIds);
    await sendCards(projectId, (id) => added.has(id));
    if (members) realtime.toRoom(room(projectId), 'project_members_changed', { project_db_id: projectId });
  });

  events.on('project.deleted', ({ projectId, userIds }) => {
    for (const userId of userIds) {
      realtime.toUser(userId, 'project_delete', { project_db_id: projectId });
      realtime.evictUser(userId, room(projectId));
    }
  });

  events.on('assets.changed', ({ projectId, folderIds }) =>
    realtime.toRoom(room(projectId), 'assets_changed', {
      project_db_id: projectId,
      folder_db_ids: [...new Set(folderIds)],
    }),
  );
  // The members' cards (new totals) are read from the database: beside the publish rounds, so
  // under load an upload's card refresh never holds the chat messages queued behind it.
  events.on(
    'assets.changed',
    async ({ projectId, totals }) => {
      if (totals) await sendCards(projectId, () => false);
    },
    // (an event without new totals must not replace one with them)
    { coalesce: ({ projectId, totals }) => `${projectId}:${Boolean(totals)}`, detached: true },
  );
}

/** Joining project:{id} needs membership, the same rule as reading the project. */
export function projectRoom(ctx: AppContext) {
  return (userId: string, projectId: string) => canJoinProjectRoom(ctx, userId, projectId);
}
