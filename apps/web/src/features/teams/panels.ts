import { UI } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';
import type { MemberPermissionsPanelProps } from './MemberPermissionsPanel.tsx';
import type { TeamFormPanelProps } from './TeamFormPanel.tsx';
import type { TeamListPanelProps } from './TeamListPanel.tsx';
import type { TeamMembersPanelProps } from './TeamMembersPanel.tsx';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface TeamPanels {
  /** settings create team */
  createTeam: TeamFormPanelProps;
  /** create/manage team, for an existing team */
  manageTeam: Required<TeamFormPanelProps>;
  teamMembers: TeamMembersPanelProps;
  memberPermissions: MemberPermissionsPanelProps;
  teamList: TeamListPanelProps;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends TeamPanels {}
}

const TeamFormPanel = lazy(withChunkTimeout(() => import('./TeamFormPanel.tsx')));

export const panels: PanelsOf<TeamPanels> = {
  createTeam: { help: 'teams', title: UI.createTeam, component: TeamFormPanel },
  manageTeam: { help: 'teams', title: UI.manageTeam, component: TeamFormPanel },
  teamMembers: {
    help: 'teams',
    title: UI.teamMembers,
    component: lazy(withChunkTimeout(() => import('./TeamMembersPanel.tsx'))),
  },
  memberPermissions: {
    help: 'teams',
    title: UI.memberPermissions,
    component: lazy(withChunkTimeout(() => import('./MemberPermissionsPanel.tsx'))),
  },
  teamList: {
    help: 'teams',
    title: (props) => UI.teamsOf(props.name),
    component: lazy(withChunkTimeout(() => import('./TeamListPanel.tsx'))),
  },
};
