import { defineModule } from '../../platform/modules.ts';
import { notificationTeamPolicy } from './notifications.policy.ts';
import { digestJob, scheduleDigest } from './digest.ts';
import { registerNotificationMappers } from './notifications.realtime.ts';
import { notificationsRoutes } from './notifications.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { notify } from './notifications.service.ts';
export type { Emit, NotifyInput } from './notifications.service.ts';
export {
  findUnseenAssetNotification,
  removeTaskNotifications,
  setNotificationMessage,
} from './notifications.writes.ts';

/** Notifications, their dot in the user room, and the hourly mail digest. */
export const notificationsModule = defineModule({
  name: 'notifications',
  policies: { 'notifications.authorizeNotificationTeam': notificationTeamPolicy() },
  routes: [notificationsRoutes],
  listeners: [registerNotificationMappers],
  jobs: { 'notifications.digest': digestJob },
  schedules: [scheduleDigest],
});
