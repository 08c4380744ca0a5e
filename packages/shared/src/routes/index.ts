import { aiRoutes } from './ai.ts';
import { cloudRoutes } from './cloud.ts';
import { cloudAgentRoutes } from './cloudAgent.ts';
import { creditsRoutes } from './credits.ts';
import { paymentsRoutes } from './payments.ts';
import { cameraRoutes } from './camera.ts';
import { integrationsRoutes, sprinklrRoutes, transfersRoutes } from './integrations.ts';
import { liveRoutes } from './live.ts';
import { commentsRoutes, reviewRoutes, sharesRoutes, versionsRoutes } from './shares.ts';
import { accountRoutes, authRoutes, devRoutes } from './auth.ts';
import { approvalsRoutes, assetsRoutes, uploadsRoutes } from './assets.ts';
import { routesOf, type RouteDef } from './define.ts';
import { projectsRoutes } from './projects.ts';
import { billingRoutes } from '../billing/routes.ts';
import { briefRoutes, mediaRoutes, notificationsRoutes, platformRoutes, usersRoutes } from './small.ts';
import { statisticsRoutes, subscriptionRoutes } from './subscriptions.ts';
import { shellRoutes } from './shell.ts';
import { teamsRoutes } from './teams.ts';
import { transcriptsRoutes } from './transcripts.ts';
import { signinRoutes } from './signin.ts';
import { auditRoutes } from './audit.ts';
import { apiTokensRoutes } from './apiTokens.ts';
import { webhooksRoutes } from './webhooks.ts';
import { chatRoutes, taskChatRoutes, tasksRoutes } from './tasks.ts';

export * from './define.ts';

/**
 * The route map: every /api route of the JSON API by module (`ROUTES.tasks.create`…). The signed blob
 * routes (their URL is the proof) and the OpenAPI document are not in it.
 */
export const ROUTES = {
  platform: platformRoutes,
  auth: authRoutes,
  account: accountRoutes,
  dev: devRoutes,
  users: usersRoutes,
  teams: teamsRoutes,
  billing: billingRoutes,
  projects: projectsRoutes,
  assets: assetsRoutes,
  uploads: uploadsRoutes,
  approvals: approvalsRoutes,
  media: mediaRoutes,
  brief: briefRoutes,
  tasks: tasksRoutes,
  taskChat: taskChatRoutes,
  chat: chatRoutes,
  notifications: notificationsRoutes,
  ai: aiRoutes,
  transcripts: transcriptsRoutes,
  signin: signinRoutes,
  audit: auditRoutes,
  apiTokens: apiTokensRoutes,
  webhooks: webhooksRoutes,
  cloud: cloudRoutes,
  cloudAgent: cloudAgentRoutes,
  credits: creditsRoutes,
  payments: paymentsRoutes,
  integrations: integrationsRoutes,
  transfers: transfersRoutes,
  sprinklr: sprinklrRoutes,
  live: liveRoutes,
  shares: sharesRoutes,
  versions: versionsRoutes,
  comments: commentsRoutes,
  review: reviewRoutes,
  subscription: subscriptionRoutes,
  statistics: statisticsRoutes,
  camera: cameraRoutes,
  shell: shellRoutes,
} as const;

/** Every entry of the route map. */
export const ALL_ROUTES: readonly RouteDef[] = routesOf(ROUTES);
