/**
 * Domain events of the projects and assets modules (declaration merging into DomainEvents). They are
 * collected inside a transaction and published after its commit; realtime.mappers.ts turns them into
 * Socket.IO messages (home trays to members' user rooms, list changes to the project room).
 */
declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** A project was created: its creator's My Projects tray gets it first. */
    'project.created': { projectId: string };
    /**
     * A project changed: title, counters, members or permissions. Added members get project_add,
     * removed ones project_delete, everyone else project_update; `members` also tells the project room.
     */
    'project.changed': {
      projectId: string;
      addedUserIds: string[];
      removedUserIds: string[];
      members: boolean;
    };
    /** A project was deleted: its former members' trays drop it. */
    'project.deleted': { projectId: string; userIds: string[] };
    /**
     * Folders of a project changed (null: the root). `totals` when storage_used or total_assets moved,
     * so the members' cards are refreshed too.
     */
    'assets.changed': { projectId: string; folderIds: (string | null)[]; totals: boolean };
  }
}

export {};
