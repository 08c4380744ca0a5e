import { z } from 'zod';
import { API } from '../api.ts';
import {
  notificationList,
  notificationSettings,
  notificationsQuery,
  notificationsSeen,
  notificationsSeenBody,
} from '../schemas/notifications.ts';
import { projectQuery } from '../schemas/projects.ts';
import { projectBrief, updateBriefBody } from '../schemas/tasks.ts';
import { userSearchQuery, userSearchResult } from '../schemas/teams.ts';
import { mediaFileQuery, playerAsset, playerAssetQuery, playerConfigAnswer } from '../schemas/uploads.ts';
import { defineRoutes } from './define.ts';

/** User search (member pickers). */
export const usersRoutes = defineRoutes('users', {
  search: {
    method: 'GET',
    path: API.users.search,
    query: userSearchQuery,
    response: z.object({ users: z.array(userSearchResult) }),
    policy: 'teams.canView',
  },
});

/** The project brief (spec 000 §7): members read, can_manage_project writes. */
export const briefRoutes = defineRoutes('brief', {
  get: {
    method: 'GET',
    path: API.brief.root,
    query: projectQuery,
    response: projectBrief,
    policy: 'projects.canViewProject',
  },
  update: {
    method: 'PUT',
    path: API.brief.root,
    body: updateBriefBody,
    response: z.object({ message: z.string(), brief: projectBrief }),
    policy: 'projects.canManageProject',
  },
});

/** Notifications (spec 002 §7): the caller's own, of the team named by team_db_id. */
export const notificationsRoutes = defineRoutes('notifications', {
  list: {
    method: 'GET',
    path: API.notifications.root,
    query: notificationsQuery,
    response: notificationList,
    policy: 'notifications.authorizeNotificationTeam',
  },
  seen: {
    method: 'PUT',
    path: API.notifications.seen,
    body: notificationsSeenBody,
    response: notificationsSeen,
    policy: 'notifications.authorizeNotificationTeam',
  },
  settings: {
    method: 'GET',
    path: API.notifications.settings,
    response: notificationSettings,
    policy: 'self',
  },
  updateSettings: {
    method: 'PUT',
    path: API.notifications.settings,
    body: notificationSettings,
    response: notificationSettings,
    policy: 'self',
  },
});

/** The player: the external-player setting, an asset's detail, its bytes. */
export const mediaRoutes = defineRoutes('media', {
  config: { method: 'GET', path: API.media.config, response: playerConfigAnswer, policy: 'self' },
  asset: {
    method: 'GET',
    path: API.media.asset,
    query: playerAssetQuery,
    response: playerAsset,
    policy: 'projects.canViewProject',
  },
  /** Bytes with Range (<video>, <img>): a URL for the browser (mediaFileUrl), not a JSON call. */
  file: {
    method: 'GET',
    path: API.media.file,
    query: mediaFileQuery,
    response: z.never(),
    raw: true,
    policy: 'projects.canViewProject',
  },
});

/** The platform's own: the health check (load balancers, the e2e server's wait). */
export const platformRoutes = defineRoutes('platform', {
  health: { method: 'GET', path: API.health, response: z.object({ status: z.literal('ok') }), public: true },
});
