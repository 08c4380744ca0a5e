import { API } from '../api.ts';
import { messageData } from '../envelope.ts';
import {
  approvalStatusSaved,
  createTaskRequestBody,
  removeRequestUserBody,
  resendRequestInviteBody,
  reviewerSearchQuery,
  reviewerSearchResult,
  setApprovalStatusBody,
  taskRequestList,
  taskRequestSaved,
  taskRequestsQuery,
} from '../schemas/approvals.ts';
import {
  assetMetadata,
  assetPage,
  browseAnswer,
  browseQuery,
  copyMoveBody,
  createFolderAnswer,
  createFolderBody,
  deleteAssetsBody,
  listAssetsQuery,
  metadataQuery,
  searchAssetsQuery,
  updateMetadataBody,
} from '../schemas/projects.ts';
import {
  abortUploadBody,
  completeUploadAnswer,
  completeUploadBody,
  listPartsAnswer,
  listPartsQuery,
  listSessionsAnswer,
  listSessionsQuery,
  signPartsAnswer,
  signPartsBody,
  startUploadAnswer,
  startUploadBody,
} from '../schemas/uploads.ts';
import { assetView, assetViewBody, assetViewSaved } from '../schemas/assetView.ts';
import { defineRoutes } from './define.ts';

/** Folders and asset operations (projects.policy.ts says who may). */
export const assetsRoutes = defineRoutes('assets', {
  list: {
    method: 'GET',
    path: API.assets.root,
    query: listAssetsQuery,
    response: assetPage,
    policy: 'projects.canViewProject',
  },
  remove: {
    method: 'DELETE',
    path: API.assets.root,
    body: deleteAssetsBody,
    response: messageData,
    policy: 'projects.canDeleteAssets',
  },
  createFolder: {
    method: 'POST',
    path: API.assets.folder,
    body: createFolderBody,
    response: createFolderAnswer,
    policy: 'projects.canWriteAssets',
  },
  search: {
    method: 'GET',
    path: API.assets.search,
    query: searchAssetsQuery,
    response: assetPage,
    policy: 'projects.canViewProject',
  },
  copyMove: {
    method: 'POST',
    path: API.assets.copyMove,
    body: copyMoveBody,
    response: messageData,
    policy: 'projects.canCopyMoveAssets',
  },
  browse: {
    method: 'GET',
    path: API.projects.browse,
    query: browseQuery,
    response: browseAnswer,
    policy: 'projects.canWriteAssets',
  },
  metadata: {
    method: 'GET',
    path: API.assets.metadata,
    query: metadataQuery,
    response: assetMetadata,
    policy: 'projects.canViewProject',
  },
  updateMetadata: {
    method: 'POST',
    path: API.assets.metadata,
    body: updateMetadataBody,
    response: messageData,
    policy: 'projects.canEditMetadata',
  },
  // the caller's own choice: the session names the user, no request names another
  view: { method: 'GET', path: API.assets.view, response: assetView, policy: 'self' },
  saveView: {
    method: 'PUT',
    path: API.assets.view,
    body: assetViewBody,
    response: assetViewSaved,
    policy: 'self',
  },
});

/** The chunked-upload protocol (spec 002 §7 Uploads): can_upload_assets in the project. */
export const uploadsRoutes = defineRoutes('uploads', {
  start: {
    method: 'POST',
    path: API.uploads.root,
    body: startUploadBody,
    response: startUploadAnswer,
    policy: 'projects.canWriteAssets',
  },
  signParts: {
    method: 'POST',
    path: API.uploads.signParts,
    body: signPartsBody,
    response: signPartsAnswer,
    policy: 'projects.canWriteAssets',
  },
  parts: {
    method: 'GET',
    path: API.uploads.parts,
    query: listPartsQuery,
    response: listPartsAnswer,
    policy: 'projects.canWriteAssets',
  },
  sessions: {
    method: 'GET',
    path: API.uploads.sessions,
    query: listSessionsQuery,
    response: listSessionsAnswer,
    policy: 'projects.canWriteAssets',
  },
  complete: {
    method: 'POST',
    path: API.uploads.complete,
    body: completeUploadBody,
    response: completeUploadAnswer,
    policy: 'projects.canWriteAssets',
  },
  abort: {
    method: 'DELETE',
    path: API.uploads.root,
    body: abortUploadBody,
    response: messageData,
    policy: 'projects.canWriteAssets',
  },
});

/** Approval and review requests (spec 000 §7). */
export const approvalsRoutes = defineRoutes('approvals', {
  list: {
    method: 'GET',
    path: API.approvals.root,
    query: taskRequestsQuery,
    response: taskRequestList,
    policy: 'projects.canViewProject',
  },
  userSearch: {
    method: 'GET',
    path: API.approvals.userSearch,
    query: reviewerSearchQuery,
    response: reviewerSearchResult,
    policy: 'projects.canViewProject',
  },
  create: {
    method: 'POST',
    path: API.approvals.root,
    body: createTaskRequestBody,
    response: taskRequestSaved,
    policy: 'projects.canViewProject',
  },
  removeUser: {
    method: 'PUT',
    path: API.approvals.root,
    body: removeRequestUserBody,
    response: messageData,
    policy: 'approvals.canManageRequest',
  },
  resendInvite: {
    method: 'PUT',
    path: API.approvals.resendInvite,
    body: resendRequestInviteBody,
    response: messageData,
    policy: 'approvals.canManageRequest',
  },
  setStatus: {
    method: 'PUT',
    path: API.approvals.status,
    body: setApprovalStatusBody,
    response: approvalStatusSaved,
    policy: 'approvals.isReviewerOf',
  },
});
