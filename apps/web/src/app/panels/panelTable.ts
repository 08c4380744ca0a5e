import { AI_TEXT, CLOUD_TEXT, LIVE_TEXT, UI } from '@rushes/shared';
import { lazy } from 'react';
import type { BillingPanelProps } from '../../features/billing/BillingPanel.tsx';
import type { MemberPermissionsPanelProps } from '../../features/teams/MemberPermissionsPanel.tsx';
import type { TeamFormPanelProps } from '../../features/teams/TeamFormPanel.tsx';
import type { TeamListPanelProps } from '../../features/teams/TeamListPanel.tsx';
import type { TeamMembersPanelProps } from '../../features/teams/TeamMembersPanel.tsx';
import type { MetadataPanelProps } from '../../features/assets/MetadataPanel.tsx';
import type { CollaboratorPermissionsPanelProps } from '../../features/projects/CollaboratorPermissionsPanel.tsx';
import type { CollaboratorsPanelProps } from '../../features/projects/CollaboratorsPanel.tsx';
import type { ManageProjectPanelProps } from '../../features/projects/ManageProjectPanel.tsx';
import type { ChatPanelProps } from '../../features/chat/ChatPanel.tsx';
import type { BriefPanelProps } from '../../features/tasks/BriefPanel.tsx';
import type { TaskListPanelProps } from '../../features/tasks/TaskListPanel.tsx';
import type { TaskFormPanelProps } from '../../features/tasks/TaskFormPanel.tsx';
import type { TaskDetailPanelProps } from '../../features/tasks/TaskDetailPanel.tsx';
import type { TaskTransferPanelProps } from '../../features/tasks/TaskTransferPanel.tsx';
import type { TaskChatPanelProps } from '../../features/tasks/chat/TaskChatPanel.tsx';
import type { ApprovalRequestPanelProps } from '../../features/approvals/ApprovalRequestPanel.tsx';
import type { SharePanelProps } from '../../features/shares/SharePanel.tsx';
import type { AssistantPanelProps } from '../../features/ai/panelProps.ts';
import type { CloudPanelProps } from '../../features/cloud/panelProps.ts';
import type { LivePanelProps } from '../../features/live/LivePanel.tsx';
import type { PanelEntry, PanelPropsMap, PanelType } from './registry.ts';

declare module './registry.ts' {
  /** The side panels by type (spec 002 §2 Side panels) and the props each takes. */
  interface PanelPropsMap {
    accountSettings: Record<string, never>;
    /** settings create team */
    createTeam: TeamFormPanelProps;
    /** create/manage team, for an existing team */
    manageTeam: Required<TeamFormPanelProps>;
    teamMembers: TeamMembersPanelProps;
    memberPermissions: MemberPermissionsPanelProps;
    teamList: TeamListPanelProps;
    billingDetails: BillingPanelProps;
    integrationList: Record<string, never>;
    /** collaborators of a project (spec 002 §3, §6) */
    projectCollaborators: CollaboratorsPanelProps;
    /** one collaborator's permissions and role badge (spec 000 §4) */
    collaboratorPermissions: CollaboratorPermissionsPanelProps;
    /** manage project: name, figures, members, delete (spec 002 §2) */
    manageProject: ManageProjectPanelProps;
    /** asset metadata (spec 000 §2) */
    assetMetadata: MetadataPanelProps;
    /** project chat and project help (spec 000 §2) */
    projectChat: ChatPanelProps;
    projectHelp: ChatPanelProps;
    /** the notification list (spec 002 §2, §7) */
    notifications: Record<string, never>;
    /** add/update brief (spec 000 §2 Project brief) */
    projectBrief: BriefPanelProps;
    /** the project's tasks; ?task= selects one (spec 000 §2) */
    taskList: TaskListPanelProps;
    /** create task, update task */
    taskForm: TaskFormPanelProps;
    taskDetail: TaskDetailPanelProps;
    /** chat (Task Chat) */
    taskChat: TaskChatPanelProps;
    transferTask: TaskTransferPanelProps;
    requestApproval: ApprovalRequestPanelProps;
    requestReview: ApprovalRequestPanelProps;
    /** the AI assistant chat (spec 000 §2, issue 21) */
    aiAssistant: AssistantPanelProps;
    /** the cloud-session wizard and the caller's session (spec 001 §2, issue 18) */
    cloudSession: CloudPanelProps;
    /** live collaboration: invite, join, the audio call (spec 001 §2, issue 19) */
    liveCollaboration: LivePanelProps;
    /** share asset (spec 002 §2, §4) */
    shareAsset: SharePanelProps;
  }
}

const TeamFormPanel = lazy(() => import('../../features/teams/TeamFormPanel.tsx'));
const ApprovalRequestPanel = lazy(() => import('../../features/approvals/ApprovalRequestPanel.tsx'));

export const panelRegistry: { [K in PanelType]: PanelEntry<PanelPropsMap[K]> } = {
  accountSettings: {
    title: UI.accountSettings,
    component: lazy(() => import('../../features/account/AccountSettingsPanel.tsx')),
  },
  createTeam: { title: UI.createTeam, component: TeamFormPanel },
  manageTeam: { title: UI.manageTeam, component: TeamFormPanel },
  teamMembers: {
    title: UI.teamMembers,
    component: lazy(() => import('../../features/teams/TeamMembersPanel.tsx')),
  },
  memberPermissions: {
    title: UI.memberPermissions,
    component: lazy(() => import('../../features/teams/MemberPermissionsPanel.tsx')),
  },
  teamList: {
    title: (props) => UI.teamsOf(props.name),
    component: lazy(() => import('../../features/teams/TeamListPanel.tsx')),
  },
  billingDetails: {
    title: UI.billingDetails,
    component: lazy(() => import('../../features/billing/BillingPanel.tsx')),
  },
  integrationList: {
    title: UI.applications,
    component: lazy(() => import('../../features/settings/IntegrationListPanel.tsx')),
  },
  projectCollaborators: {
    title: UI.collaborators,
    component: lazy(() => import('../../features/projects/CollaboratorsPanel.tsx')),
  },
  collaboratorPermissions: {
    title: UI.collaboratorPermissionsTitle,
    component: lazy(() => import('../../features/projects/CollaboratorPermissionsPanel.tsx')),
  },
  manageProject: {
    title: UI.manageProject,
    component: lazy(() => import('../../features/projects/ManageProjectPanel.tsx')),
  },
  assetMetadata: {
    title: UI.metadataTitle,
    component: lazy(() => import('../../features/assets/MetadataPanel.tsx')),
  },
  projectChat: {
    title: UI.projectChat,
    component: lazy(() => import('../../features/chat/ChatPanel.tsx')),
  },
  projectHelp: {
    title: UI.projectHelp,
    component: lazy(() => import('../../features/chat/ProjectHelpPanel.tsx')),
  },
  notifications: {
    title: UI.notifications,
    component: lazy(() => import('../../features/notifications/NotificationsPanel.tsx')),
  },
  projectBrief: {
    title: UI.projectBrief,
    component: lazy(() => import('../../features/tasks/BriefPanel.tsx')),
  },
  taskList: {
    title: UI.tasks,
    component: lazy(() => import('../../features/tasks/TaskListPanel.tsx')),
  },
  taskForm: {
    title: (props) => (props.taskDbId ? UI.updateTask : UI.createTask),
    component: lazy(() => import('../../features/tasks/TaskFormPanel.tsx')),
  },
  taskDetail: {
    title: UI.taskDetails,
    component: lazy(() => import('../../features/tasks/TaskDetailPanel.tsx')),
  },
  taskChat: {
    title: UI.taskChat,
    component: lazy(() => import('../../features/tasks/chat/TaskChatPanel.tsx')),
  },
  transferTask: {
    title: UI.transferTask,
    component: lazy(() => import('../../features/tasks/TaskTransferPanel.tsx')),
  },
  requestApproval: { title: UI.requestApproval, component: ApprovalRequestPanel },
  requestReview: { title: UI.requestReview, component: ApprovalRequestPanel },
  shareAsset: { title: UI.shareAsset, component: lazy(() => import('../../features/shares/SharePanel.tsx')) },
  aiAssistant: {
    title: AI_TEXT.panelTitle,
    component: lazy(() => import('../../features/ai/AssistantPanel.tsx')),
  },
  cloudSession: {
    title: CLOUD_TEXT.panelTitle,
    component: lazy(() => import('../../features/cloud/CloudPanel.tsx')),
  },
  liveCollaboration: {
    title: LIVE_TEXT.panelTitle,
    component: lazy(() => import('../../features/live/LivePanel.tsx')),
  },
};

/** The title of an open panel. */
export function panelTitle(type: PanelType, props: object): string {
  const title = panelRegistry[type].title as string | ((p: object) => string);
  return typeof title === 'function' ? title(props) : title;
}
