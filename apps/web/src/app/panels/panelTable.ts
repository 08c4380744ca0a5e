import {
  AI_TEXT,
  CLOUD_TEXT,
  INTEGRATION_TEXT,
  LIVE_TEXT,
  PAYMENT_TEXT,
  SPRINKLR_TEXT,
  SUB_TEXT,
  UI,
} from '@rushes/shared';
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
import type { UpgradePlansPanelProps } from '../../features/subscription/UpgradePlansPanel.tsx';
import type { RenewPanelProps } from '../../features/subscription/RenewPanel.tsx';
import type { AddStoragePanelProps } from '../../features/subscription/AddStoragePanel.tsx';
import type {
  PlanDetailsPanelProps,
  StorageDetailsPanelProps,
} from '../../features/subscription/DetailsPanels.tsx';
import type { AddCreditsPanelProps } from '../../features/credits/AddCreditsPanel.tsx';
import type { CloudPanelProps } from '../../features/cloud/panelProps.ts';
import { withChunkTimeout } from '../chunkLoad.ts';
import type { BucketIntegrationsPanelProps } from '../../features/integrations/BucketIntegrationsPanel.tsx';
import type { ExportPanelProps } from '../../features/integrations/ExportPanel.tsx';
import type { ShareToIntegrationPanelProps } from '../../features/integrations/ShareToIntegrationPanel.tsx';
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
    /** S3 and Contido: integrated list, new integration, details (spec 002 §2) */
    bucketIntegrations: BucketIntegrationsPanelProps;
    /** export to bucket (spec 002 §2, §4) */
    exportToBucket: ExportPanelProps;
    /** Sprinklr: list, 3-step create, details, delete (spec 002 §2) */
    sprinklr: Record<string, never>;
    /** share assets to an integration (spec 002 §4) */
    shareToIntegration: ShareToIntegrationPanelProps;
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
    /** subscription plans, titled 'Subscription Upgrade' (spec 002 §2) */
    subscriptionPlans: UpgradePlansPanelProps;
    planDetails: PlanDetailsPanelProps;
    /** renewal details, titled 'Renew Subscription' */
    renewalDetails: RenewPanelProps;
    storageDetails: StorageDetailsPanelProps;
    addStorage: AddStoragePanelProps;
    /** add credits (spec 002 §2, §5; issue 15) */
    addCredits: AddCreditsPanelProps;
  }
}

const TeamFormPanel = lazy(withChunkTimeout(() => import('../../features/teams/TeamFormPanel.tsx')));
const ApprovalRequestPanel = lazy(
  withChunkTimeout(() => import('../../features/approvals/ApprovalRequestPanel.tsx')),
);

export const panelRegistry: { [K in PanelType]: PanelEntry<PanelPropsMap[K]> } = {
  accountSettings: {
    help: 'account',
    title: UI.accountSettings,
    component: lazy(withChunkTimeout(() => import('../../features/account/AccountSettingsPanel.tsx'))),
  },
  createTeam: { help: 'teams', title: UI.createTeam, component: TeamFormPanel },
  manageTeam: { help: 'teams', title: UI.manageTeam, component: TeamFormPanel },
  teamMembers: {
    help: 'teams',
    title: UI.teamMembers,
    component: lazy(withChunkTimeout(() => import('../../features/teams/TeamMembersPanel.tsx'))),
  },
  memberPermissions: {
    help: 'teams',
    title: UI.memberPermissions,
    component: lazy(withChunkTimeout(() => import('../../features/teams/MemberPermissionsPanel.tsx'))),
  },
  teamList: {
    help: 'teams',
    title: (props) => UI.teamsOf(props.name),
    component: lazy(withChunkTimeout(() => import('../../features/teams/TeamListPanel.tsx'))),
  },
  billingDetails: {
    help: 'billing',
    title: UI.billingDetails,
    component: lazy(withChunkTimeout(() => import('../../features/billing/BillingPanel.tsx'))),
  },
  integrationList: {
    help: 'integrations',
    title: UI.applications,
    component: lazy(withChunkTimeout(() => import('../../features/settings/IntegrationListPanel.tsx'))),
  },
  bucketIntegrations: {
    help: 'integrations',
    title: (props) => (props.service === 's3' ? INTEGRATION_TEXT.amazonS3 : INTEGRATION_TEXT.contido),
    component: lazy(
      withChunkTimeout(() => import('../../features/integrations/BucketIntegrationsPanel.tsx')),
    ),
  },
  sprinklr: {
    help: 'integrations',
    title: INTEGRATION_TEXT.sprinklr,
    component: lazy(withChunkTimeout(() => import('../../features/integrations/SprinklrPanel.tsx'))),
  },
  shareToIntegration: {
    help: 'integrations',
    title: SPRINKLR_TEXT.shareToSprinklr,
    component: lazy(
      withChunkTimeout(() => import('../../features/integrations/ShareToIntegrationPanel.tsx')),
    ),
  },
  exportToBucket: {
    help: 'integrations',
    title: INTEGRATION_TEXT.exportToBucket,
    component: lazy(withChunkTimeout(() => import('../../features/integrations/ExportPanel.tsx'))),
  },
  projectCollaborators: {
    help: 'collaborators',
    title: UI.collaborators,
    component: lazy(withChunkTimeout(() => import('../../features/projects/CollaboratorsPanel.tsx'))),
  },
  collaboratorPermissions: {
    help: 'collaborators',
    title: UI.collaboratorPermissionsTitle,
    component: lazy(
      withChunkTimeout(() => import('../../features/projects/CollaboratorPermissionsPanel.tsx')),
    ),
  },
  manageProject: {
    help: 'projects',
    title: UI.manageProject,
    component: lazy(withChunkTimeout(() => import('../../features/projects/ManageProjectPanel.tsx'))),
  },
  assetMetadata: {
    help: 'assets',
    title: UI.metadataTitle,
    component: lazy(withChunkTimeout(() => import('../../features/assets/MetadataPanel.tsx'))),
  },
  projectChat: {
    help: 'chat',
    title: UI.projectChat,
    component: lazy(withChunkTimeout(() => import('../../features/chat/ChatPanel.tsx'))),
  },
  projectHelp: {
    help: 'chat',
    title: UI.projectHelp,
    component: lazy(withChunkTimeout(() => import('../../features/chat/ProjectHelpPanel.tsx'))),
  },
  notifications: {
    help: 'notifications',
    title: UI.notifications,
    component: lazy(withChunkTimeout(() => import('../../features/notifications/NotificationsPanel.tsx'))),
  },
  projectBrief: {
    help: 'brief',
    title: UI.projectBrief,
    component: lazy(withChunkTimeout(() => import('../../features/tasks/BriefPanel.tsx'))),
  },
  taskList: {
    help: 'tasks',
    title: UI.tasks,
    component: lazy(withChunkTimeout(() => import('../../features/tasks/TaskListPanel.tsx'))),
  },
  taskForm: {
    help: 'tasks',
    title: (props) => (props.taskDbId ? UI.updateTask : UI.createTask),
    component: lazy(withChunkTimeout(() => import('../../features/tasks/TaskFormPanel.tsx'))),
  },
  taskDetail: {
    help: 'tasks',
    title: UI.taskDetails,
    component: lazy(withChunkTimeout(() => import('../../features/tasks/TaskDetailPanel.tsx'))),
  },
  taskChat: {
    help: 'chat',
    title: UI.taskChat,
    component: lazy(withChunkTimeout(() => import('../../features/tasks/chat/TaskChatPanel.tsx'))),
  },
  transferTask: {
    help: 'tasks',
    title: UI.transferTask,
    component: lazy(withChunkTimeout(() => import('../../features/tasks/TaskTransferPanel.tsx'))),
  },
  requestApproval: { help: 'approvals', title: UI.requestApproval, component: ApprovalRequestPanel },
  requestReview: { help: 'approvals', title: UI.requestReview, component: ApprovalRequestPanel },
  shareAsset: {
    help: 'sharing',
    title: UI.shareAsset,
    component: lazy(withChunkTimeout(() => import('../../features/shares/SharePanel.tsx'))),
  },
  aiAssistant: {
    help: 'ai-assistant',
    title: AI_TEXT.panelTitle,
    component: lazy(withChunkTimeout(() => import('../../features/ai/AssistantPanel.tsx'))),
  },
  subscriptionPlans: {
    help: 'subscription',
    title: SUB_TEXT.subscriptionUpgrade,
    component: lazy(withChunkTimeout(() => import('../../features/subscription/UpgradePlansPanel.tsx'))),
  },
  planDetails: {
    help: 'subscription',
    title: SUB_TEXT.planDetails,
    component: lazy(withChunkTimeout(() => import('../../features/subscription/PlanDetailsPanel.tsx'))),
  },
  renewalDetails: {
    help: 'subscription',
    title: SUB_TEXT.renewSubscription,
    component: lazy(withChunkTimeout(() => import('../../features/subscription/RenewPanel.tsx'))),
  },
  storageDetails: {
    help: 'subscription',
    title: SUB_TEXT.storageDetails,
    component: lazy(withChunkTimeout(() => import('../../features/subscription/StorageDetailsPanel.tsx'))),
  },
  addStorage: {
    help: 'subscription',
    title: SUB_TEXT.addStorage,
    component: lazy(withChunkTimeout(() => import('../../features/subscription/AddStoragePanel.tsx'))),
  },
  addCredits: {
    help: 'credits',
    title: PAYMENT_TEXT.addCreditsTitle,
    component: lazy(withChunkTimeout(() => import('../../features/credits/AddCreditsPanel.tsx'))),
  },
  cloudSession: {
    help: 'cloud-editing',
    title: CLOUD_TEXT.panelTitle,
    component: lazy(withChunkTimeout(() => import('../../features/cloud/CloudPanel.tsx'))),
  },
  liveCollaboration: {
    help: 'cloud-editing',
    title: LIVE_TEXT.panelTitle,
    component: lazy(withChunkTimeout(() => import('../../features/live/LivePanel.tsx'))),
  },
};

/** The title of an open panel. */
export function panelTitle(type: PanelType, props: object): string {
  const title = panelRegistry[type].title as string | ((p: object) => string);
  return typeof title === 'function' ? title(props) : title;
}
