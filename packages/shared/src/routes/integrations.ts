import { z } from 'zod';
import {
  INTEGRATIONS_API as P,
  bucketIntegration,
  bucketIntegrationForm,
  bucketPage,
  bucketsQuery,
  connectionTest,
  contidoIdQuery,
  exportBody,
  folderPage,
  foldersQuery,
  importBody,
  s3IdQuery,
  s3Setup,
  startedTransfer,
  teamQuery,
  transferIdBody,
  transferPage,
  transfersQuery,
  SPRINKLR_API,
  sharedStatus,
  sharedStatusQuery,
  shareTarget,
  shareTargetsQuery,
  shareToIntegrationAnswer,
  shareToIntegrationBody,
  sprinklrCampaign,
  sprinklrCreateBody,
  sprinklrIntegration,
  sprinklrOptions,
  sprinklrOptionsQuery,
  sprinklrValidateQuery,
} from '../schemas/integrations.ts';
import { defineRoutes } from './define.ts';

const message = z.object({ message: z.string() });
const TEAM = 'integrations.canUseIntegrations' as const;
const ONE = 'integrations.canUseIntegration' as const;
/** Creating, testing and deleting an integration: the team admin's. */
const MANAGE_TEAM = 'integrations.canManageIntegrations' as const;
const MANAGE_ONE = 'integrations.canManageIntegration' as const;

/**
 * Amazon S3 and Contido: every route needs can_view_app_integration in the integration's
 * team (spec 002 §6); imports and exports also need write (or read) access to the project.
 * Creating, testing and deleting an integration need the team admin (non-admins see lists only).
 */
export const integrationsRoutes = defineRoutes('integrations', {
  s3List: {
    method: 'GET',
    path: P.s3,
    query: teamQuery,
    response: z.object({ s3_integrations: z.array(bucketIntegration) }),
    policy: TEAM,
  },
  s3Detail: {
    method: 'GET',
    path: P.s3Detail,
    query: s3IdQuery,
    response: z.object({ s3_integration: bucketIntegration }),
    policy: ONE,
  },
  s3Setup: { method: 'GET', path: P.s3Setup, query: teamQuery, response: s3Setup, policy: TEAM },
  s3Create: {
    method: 'POST',
    path: P.s3,
    body: bucketIntegrationForm,
    response: z.object({ message: z.string(), s3_integration: bucketIntegration }),
    policy: MANAGE_TEAM,
  },
  s3Delete: { method: 'DELETE', path: P.s3, body: s3IdQuery, response: message, policy: MANAGE_ONE },
  s3Test: { method: 'POST', path: P.s3Test, body: s3IdQuery, response: connectionTest, policy: MANAGE_ONE },
  s3Buckets: { method: 'GET', path: P.s3Buckets, query: bucketsQuery, response: bucketPage, policy: TEAM },
  s3Folders: { method: 'GET', path: P.s3Folders, query: foldersQuery, response: folderPage, policy: ONE },
  s3Uploads: { method: 'POST', path: P.s3Uploads, body: exportBody, response: startedTransfer, policy: ONE },
  s3Imports: { method: 'POST', path: P.s3Imports, body: importBody, response: startedTransfer, policy: ONE },
  contidoList: {
    method: 'GET',
    path: P.contido,
    query: teamQuery,
    response: z.object({ integrations: z.array(bucketIntegration) }),
    policy: TEAM,
  },
  contidoDetail: {
    method: 'GET',
    path: P.contidoDetail,
    query: contidoIdQuery,
    response: z.object({ integration: bucketIntegration }),
    policy: ONE,
  },
  contidoCreate: {
    method: 'POST',
    path: P.contido,
    body: bucketIntegrationForm,
    response: z.object({ message: z.string(), integration: bucketIntegration }),
    policy: MANAGE_TEAM,
  },
  contidoDelete: {
    method: 'DELETE',
    path: P.contido,
    body: contidoIdQuery,
    response: message,
    policy: MANAGE_ONE,
  },
  contidoTest: {
    method: 'POST',
    path: P.contidoTest,
    body: contidoIdQuery,
    response: connectionTest,
    policy: MANAGE_ONE,
  },
  contidoBuckets: {
    method: 'GET',
    path: P.contidoBuckets,
    query: bucketsQuery,
    response: bucketPage,
    policy: TEAM,
  },
  contidoFolders: {
    method: 'GET',
    path: P.contidoFolders,
    query: foldersQuery,
    response: folderPage,
    policy: ONE,
  },
  contidoUploads: {
    method: 'POST',
    path: P.contidoUploads,
    body: exportBody,
    response: startedTransfer,
    policy: ONE,
  },
  contidoImports: {
    method: 'POST',
    path: P.contidoImports,
    body: importBody,
    response: startedTransfer,
    policy: ONE,
  },
});

/** Transfers: a project's members see its transfers; their starter (or an owner) cancels. */
export const transfersRoutes = defineRoutes('transfers', {
  list: {
    method: 'GET',
    path: P.transfers,
    query: transfersQuery,
    response: transferPage,
    policy: 'transfers.canViewTransfers',
  },
  cancel: {
    method: 'POST',
    path: P.transferCancel,
    body: transferIdBody,
    response: z.object({ message: z.string() }),
    policy: 'transfers.canManageTransfer',
  },
  retry: {
    method: 'POST',
    path: P.transferRetry,
    body: transferIdBody,
    response: z.object({ message: z.string() }),
    policy: 'transfers.canManageTransfer',
  },
});

/**
 * Sprinklr: the same team rule as every integration (can_view_app_integration); creating and
 * deleting one need the team admin.
 */
export const sprinklrRoutes = defineRoutes('sprinklr', {
  list: {
    method: 'GET',
    path: SPRINKLR_API.root,
    query: teamQuery,
    response: z.object({ integrations: z.array(sprinklrIntegration) }),
    policy: TEAM,
  },
  detail: {
    method: 'GET',
    path: SPRINKLR_API.detail,
    query: contidoIdQuery,
    response: z.object({ integration: sprinklrIntegration }),
    policy: ONE,
  },
  options: {
    method: 'GET',
    path: SPRINKLR_API.options,
    query: sprinklrOptionsQuery,
    response: sprinklrOptions,
    policy: TEAM,
  },
  validate: {
    method: 'GET',
    path: SPRINKLR_API.validate,
    query: sprinklrValidateQuery,
    response: sprinklrCampaign,
    policy: TEAM,
  },
  create: {
    method: 'POST',
    path: SPRINKLR_API.root,
    body: sprinklrCreateBody,
    response: z.object({ message: z.string(), integration: sprinklrIntegration }),
    policy: MANAGE_TEAM,
  },
  remove: {
    method: 'DELETE',
    path: SPRINKLR_API.root,
    body: contidoIdQuery,
    response: message,
    policy: MANAGE_ONE,
  },
  shareTargets: {
    method: 'GET',
    path: SPRINKLR_API.share,
    query: shareTargetsQuery,
    response: z.object({ integrations: z.array(shareTarget) }),
    policy: TEAM,
  },
  share: {
    method: 'POST',
    path: SPRINKLR_API.share,
    body: shareToIntegrationBody,
    response: shareToIntegrationAnswer,
    policy: ONE,
  },
  sharedStatus: {
    method: 'GET',
    path: `${SPRINKLR_API.share}/status`,
    query: sharedStatusQuery,
    response: sharedStatus,
    policy: 'projects.canViewProject',
  },
});
