import { defineModule } from '../../platform/modules.ts';
import { checkedInService } from '../../platform/policies.ts';
import { expireTaskJob } from './tasks.jobs.ts';
import { canReadTask, taskPolicy } from './tasks.policy.ts';
import { registerTaskMappers, taskRoom } from './tasks.realtime.ts';
import { tasksRoutes } from './tasks.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { inviteToProject, resolveRecipients } from './assignees.ts';
export { inviteEmailsOf, memberIdsOf } from './taskWrites.ts';
export { createTasksService } from './tasks.service.ts';
export { taskMails } from './tasks.mails.ts';
export { taskTray } from './trays.ts';
export { authorizeTask, canReadTask, sameProject } from './tasks.policy.ts';

/** Tasks, their chat, invitations and expiry timers; task:{id} rooms. */
export const tasksModule = defineModule({
  name: 'tasks',
  policies: {
    'tasks.canReadTask': taskPolicy(canReadTask),
    // Writes: checked in their transaction, under the task's row lock (tasks.policy.ts taskPolicy).
    'tasks.canManageTask': checkedInService(),
    'tasks.canDeleteTask': checkedInService(),
    'tasks.canRequestTransfer': checkedInService(),
  },
  routes: [tasksRoutes],
  listeners: [registerTaskMappers],
  rooms: { task: taskRoom },
  jobs: { 'tasks.expire': expireTaskJob },
});
