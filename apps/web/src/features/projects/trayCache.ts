import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ProjectCard, TrayName, TrayPage } from '@rushes/shared';
import { getSelectedTeamId } from '../../api/teamStorage.ts';
import { projectKeys } from './api.ts';

type TrayData = InfiniteData<TrayPage, string | null>;

/** Every page carries the tray's total; keep them equal. */
const withTotal = (data: TrayData, total: number): TrayData => ({
  ...data,
  pages: data.pages.map((p) => ({ ...p, total_entries: Math.max(0, total) })),
});

const holds = (data: TrayData, id: string) =>
  data.pages.some((p) => p.data.some((c) => c.project_db_id === id));

/** Replaces a card wherever it is; returns the same object when it is not there. */
function replaced(data: TrayData, project: ProjectCard): TrayData {
  if (!holds(data, project.project_db_id)) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      data: p.data.map((c) => (c.project_db_id === project.project_db_id ? project : c)),
    })),
  };
}

/**
 * Tray updates (spec 002 §4): add puts the card first and raises the total by one (a card already
 * there is replaced instead); My Projects only takes cards of the selected team.
 */
export function addToTray(queryClient: QueryClient, tray: TrayName, project: ProjectCard): void {
  const teamDbId = tray === 'my_projects' ? getSelectedTeamId() : null;
  if (tray === 'my_projects' && project.team_db_id !== teamDbId) return;
  queryClient.setQueryData<TrayData>(projectKeys.tray(tray, teamDbId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (holds(data, project.project_db_id)) return replaced(data, project);
    const [first, ...rest] = data.pages;
    const next = { ...data, pages: [{ ...first, data: [project, ...first.data] }, ...rest] };
    return withTotal(next, first.total_entries + 1);
  });
}

/** Update replaces the card in every tray that shows it. */
export function updateInTrays(queryClient: QueryClient, project: ProjectCard): void {
  queryClient.setQueriesData<TrayData>({ queryKey: projectKeys.trays }, (data) =>
    data ? replaced(data, project) : data,
  );
}

/** Delete removes the card by project_db_id and lowers the total by one. */
export function removeFromTrays(queryClient: QueryClient, projectDbId: string): void {
  queryClient.setQueriesData<TrayData>({ queryKey: projectKeys.trays }, (data) => {
    if (!data || !holds(data, projectDbId)) return data;
    const next = {
      ...data,
      pages: data.pages.map((p) => ({ ...p, data: p.data.filter((c) => c.project_db_id !== projectDbId) })),
    };
    return withTotal(next, data.pages[0].total_entries - 1);
  });
}

/** Whether any cached tray shows the project's card. */
export function holdsCard(queryClient: QueryClient, projectDbId: string): boolean {
  return queryClient
    .getQueriesData<TrayData>({ queryKey: projectKeys.trays })
    .some(([, data]) => Boolean(data && holds(data, projectDbId)));
}

/** The viewer's unread chat count on a project's card, wherever the card is (chat_count, chat_unread). */
export function setCardUnread(queryClient: QueryClient, projectDbId: string, unread: number): void {
  queryClient.setQueriesData<TrayData>({ queryKey: projectKeys.trays }, (data) => {
    if (!data || !holds(data, projectDbId)) return data;
    return {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        data: p.data.map((c) => (c.project_db_id === projectDbId ? { ...c, unread_chats: unread } : c)),
      })),
    };
  });
}
