import { UI } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';
import type { CollaboratorPermissionsPanelProps } from './CollaboratorPermissionsPanel.tsx';
import type { CollaboratorsPanelProps } from './CollaboratorsPanel.tsx';
import type { ManageProjectPanelProps } from './ManageProjectPanel.tsx';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface ProjectPanels {
  /** collaborators of a project (spec 002 §3, §6) */
  projectCollaborators: CollaboratorsPanelProps;
  /** one collaborator's permissions and role badge (spec 000 §4) */
  collaboratorPermissions: CollaboratorPermissionsPanelProps;
  /** manage project: name, figures, members, delete (spec 002 §2) */
  manageProject: ManageProjectPanelProps;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends ProjectPanels {}
}

export const panels: PanelsOf<ProjectPanels> = {
  projectCollaborators: {
    help: 'collaborators',
    title: UI.collaborators,
    component: lazy(withChunkTimeout(() => import('./CollaboratorsPanel.tsx'))),
  },
  collaboratorPermissions: {
    help: 'collaborators',
    title: UI.collaboratorPermissionsTitle,
    component: lazy(withChunkTimeout(() => import('./CollaboratorPermissionsPanel.tsx'))),
  },
  manageProject: {
    help: 'projects',
    title: UI.manageProject,
    component: lazy(withChunkTimeout(() => import('./ManageProjectPanel.tsx'))),
  },
};
