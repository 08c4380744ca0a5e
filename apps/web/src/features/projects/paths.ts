/** Links to the project page (spec 002 §2), whose route pattern is PATHS.project in app/paths.ts. */

/**
 * The tab a new folder lands on (spec 000 §2 "?tab={tab}"): the storyboard, the asset list of the
 * project page (docs/decisions/0006-projects-and-assets.md). Other tabs (camera-to-edit, …) arrive with their issues.
 */
export const STORYBOARD_TAB = 'storyboard';

/** The project page of a project, at its root or in one folder, optionally on a tab. */
export function projectPath(projectDbId: string, folderDbId?: string | null, tab?: string): string {
  const base = `/project/${encodeURIComponent(projectDbId)}`;
  const path = folderDbId ? `${base}/${encodeURIComponent(folderDbId)}` : base;
  return tab ? `${path}?${new URLSearchParams({ tab })}` : path;
}

/** The project page's section parameter (spec 001 §2, 002 §2): /project/{id}?s={section}. */
export const SECTION_PARAM = 's';

/**
 * The sections the spec's `s=` links name (DESIGN §10: the spec's values are canonical). Values
 * are matched without regard to case or surrounding space; `?chat=1` stays an alias of the chat.
 */
export const PROJECT_SECTIONS = {
  projectChat: 'project chat',
  /** live collaboration is not built yet: the link opens the project and is otherwise ignored */
  joinLiveCollaboration: 'join live collaboration',
} as const;
export type ProjectSection = (typeof PROJECT_SECTIONS)[keyof typeof PROJECT_SECTIONS];

/** /project/{id}?s={section}: the project page with one of its sections open. */
export const projectSectionPath = (projectDbId: string, section: ProjectSection) =>
  `${projectPath(projectDbId)}?${new URLSearchParams({ [SECTION_PARAM]: section })}`;
