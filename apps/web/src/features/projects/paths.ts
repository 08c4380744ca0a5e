/** Links to the project page (spec 002 §2), whose route pattern is PATHS.project in app/paths.ts. */

/**
 * The tab a new folder lands on (spec 000 §2 "?tab={tab}"): the storyboard, the asset list of the
 * project page (docs/decisions.md). Other tabs (camera-to-edit, …) arrive with their issues.
 */
export const STORYBOARD_TAB = 'storyboard';

/** The project page of a project, at its root or in one folder, optionally on a tab. */
export function projectPath(projectDbId: string, folderDbId?: string | null, tab?: string): string {
  const base = `/project/${encodeURIComponent(projectDbId)}`;
  const path = folderDbId ? `${base}/${encodeURIComponent(folderDbId)}` : base;
  return tab ? `${path}?${new URLSearchParams({ tab })}` : path;
}
