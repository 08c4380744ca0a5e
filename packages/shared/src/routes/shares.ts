import { z } from 'zod';
import { API } from '../api.ts';
import {
  addCommentBody,
  addReviewCommentBody,
  assetCommentsPage,
  commentSaved,
  commentsQuery,
  resolveCommentBody,
  reviewCommentsQuery,
} from '../schemas/reviewComments.ts';
import {
  addVersionBody,
  removeSharedUserBody,
  reviewAnswer,
  reviewFileQuery,
  reviewQuery,
  revokeLinkBody,
  shareAnswer,
  shareBody,
  sharedUsers,
  sharedUsersQuery,
  shareSettingsAnswer,
  shareSettingsQuery,
  unlockAnswer,
  unlockBody,
  versionAdded,
  versionsAnswer,
  versionsQuery,
} from '../schemas/sharing.ts';
import { watermarkBody, watermarkQuery, watermarkState } from '../schemas/reviewPlaylist.ts';
import {
  editShareLinkAnswer,
  editShareLinkBody,
  linkUrlAnswer,
  linkUrlQuery,
  shareLinksPage,
  shareLinksQuery,
} from '../schemas/shareLinks.ts';
import { markerExportQuery } from '../schemas/markerExport.ts';
import { defineRoutes } from './define.ts';

const message = z.object({ message: z.string() });

/**
 * Sharing (spec 002 §7): members of the asset's project read its shared users; sharing, removing
 * shared users and revoking need can_share_to_download_rushesio_assets or
 * can_share_to_download_all_assets (§6).
 */
export const sharesRoutes = defineRoutes('sharing', {
  settings: {
    method: 'GET',
    path: API.shares.settings,
    query: shareSettingsQuery,
    response: shareSettingsAnswer,
    policy: 'self',
  },
  share: {
    method: 'POST',
    path: API.shares.root,
    body: shareBody,
    response: shareAnswer,
    policy: 'shares.canShare',
  },
  users: {
    method: 'GET',
    path: API.shares.users,
    query: sharedUsersQuery,
    response: sharedUsers,
    policy: 'projects.canViewProject',
  },
  removeUser: {
    method: 'PUT',
    path: API.shares.root,
    body: removeSharedUserBody,
    response: message,
    policy: 'shares.canRemoveSharedUser',
  },
  revoke: {
    method: 'PUT',
    path: API.shares.revoke,
    body: revokeLinkBody,
    response: message,
    policy: 'shares.canShare',
  },
  /** The project's Share Links page: whoever may share in the project (spec 002 §6 codes). */
  links: {
    method: 'GET',
    path: API.shares.links,
    query: shareLinksQuery,
    response: shareLinksPage,
    policy: 'shares.canManageLinks',
  },
  editLink: {
    method: 'PUT',
    path: API.shares.links,
    body: editShareLinkBody,
    response: editShareLinkAnswer,
    policy: 'shares.canManageLinks',
  },
  linkUrl: {
    method: 'GET',
    path: API.shares.linkUrl,
    query: linkUrlQuery,
    response: linkUrlAnswer,
    policy: 'shares.canManageLinks',
  },
});

/** Version stacks: members read; can_upload_assets stacks a new version. */
export const versionsRoutes = defineRoutes('versions', {
  list: {
    method: 'GET',
    path: API.shares.versions,
    query: versionsQuery,
    response: versionsAnswer,
    policy: 'projects.canViewProject',
  },
  add: {
    method: 'POST',
    path: API.shares.versions,
    body: addVersionBody,
    response: versionAdded,
    policy: 'projects.canWriteAssets',
  },
});

/** Review comments of members (spec 002 §3 Asset comments): members of the asset's project. */
export const commentsRoutes = defineRoutes('comments', {
  list: {
    method: 'GET',
    path: API.shares.comments,
    query: commentsQuery,
    response: assetCommentsPage,
    policy: 'projects.canViewProject',
  },
  add: {
    method: 'POST',
    path: API.shares.comments,
    body: addCommentBody,
    response: commentSaved,
    policy: 'projects.canViewProject',
  },
  resolve: {
    method: 'PUT',
    path: API.shares.resolveComment,
    body: resolveCommentBody,
    response: message,
    policy: 'projects.canViewProject',
  },
  /** Comments as a marker file (FCP7 XML, EDL, CSV, FCPXML, PDF): a download, not the JSON envelope. */
  markers: {
    method: 'GET',
    path: API.shares.markers,
    query: markerExportQuery,
    response: z.never(),
    policy: 'shares.canExportMarkers',
    raw: true,
  },
});

/** The public review page (the link token is the proof; its gate is in the shares service). */
export const reviewRoutes = defineRoutes('review', {
  show: { method: 'GET', path: API.review.root, query: reviewQuery, response: reviewAnswer, public: true },
  unlock: { method: 'POST', path: API.review.unlock, body: unlockBody, response: unlockAnswer, public: true },
  /** A watermarked link: the viewer's copy of the file shown (GET its state, POST start it). */
  watermark: {
    method: 'GET',
    path: API.review.watermark,
    query: watermarkQuery,
    response: watermarkState,
    public: true,
  },
  startWatermark: {
    method: 'POST',
    path: API.review.watermark,
    body: watermarkBody,
    response: watermarkState,
    public: true,
  },
  comments: {
    method: 'GET',
    path: API.review.comments,
    query: reviewCommentsQuery,
    response: assetCommentsPage,
    public: true,
  },
  addComment: {
    method: 'POST',
    path: API.review.comments,
    body: addReviewCommentBody,
    response: commentSaved,
    public: true,
  },
  /** Bytes with Range for <video>/<audio>/<img> and the download: not the JSON envelope. */
  file: {
    method: 'GET',
    path: API.review.file,
    query: reviewFileQuery,
    response: z.never(),
    public: true,
    raw: true,
  },
});
