import type { TaskTrayName } from '@rushes/shared';

/** TanStack Query keys of the tasks feature (its own file: api.ts and taskCache.ts both use them). */
export const taskKeys = {
  all: ['tasks'] as const,
  trays: ['tasks', 'tray'] as const,
  tray: (tray: TaskTrayName) => ['tasks', 'tray', tray] as const,
  project: (projectDbId: string) => ['tasks', 'project', projectDbId] as const,
  list: (projectDbId: string) => ['tasks', 'project', projectDbId, 'list'] as const,
  brief: (projectDbId: string) => ['tasks', 'project', projectDbId, 'brief'] as const,
  details: ['tasks', 'detail'] as const,
  detail: (taskDbId: string) => ['tasks', 'detail', taskDbId] as const,
  types: ['tasks', 'types'] as const,
  /** the newest unread count heard per task (taskCache.ts), not fetched */
  unread: (taskDbId: string) => ['tasks', 'unread', taskDbId] as const,
  chat: (taskDbId: string) => ['tasks', 'chat', taskDbId] as const,
  memberSearch: (projectDbId: string, text: string) => ['tasks', 'members', projectDbId, text] as const,
};
