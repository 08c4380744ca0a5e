import { defineModule } from '../../platform/modules.ts';
import { checkedInService } from '../../platform/policies.ts';
import { cloudPolicy, platformAdminPolicy } from './cloud.policy.ts';
import { seedCapacity } from './cloud.catalogue.ts';
import { cloudJobs, resumeSessions } from './cloud.lifecycle.ts';
import { createAgentLifecycle } from './cloud.agent.lifecycle.ts';
import { sessionAgentPolicy } from './cloud.agent.ts';
import { cloudAgentRoutes } from './cloud.agent.routes.ts';
import { providerOf } from './cloud.providers.ts';
import { registerCloudMappers } from './cloud.realtime.ts';
import { cloudRoutes } from './cloud.routes.ts';
import type {} from './cloud.events.ts';

/**
 * Cloud editing: hourly remote workstations booked in credits from a project, a queue
 * when none is free, the lifecycle as jobs, the providers (local desktops, pool) and the browser
 * launch through an authenticated VNC proxy.
 */
export const cloudModule = defineModule({
  name: 'cloud',
  policies: {
    'cloud.canUseCloud': cloudPolicy(),
    'cloud.isPlatformAdmin': platformAdminPolicy(),
    'cloud.isSessionAgent': sessionAgentPolicy(),
    // Still applied by the services (not yet loaded before the handler).
    'cloud.ownSession': checkedInService(),
    'cloud.ownQueueEntry': checkedInService(),
  },
  routes: [cloudRoutes, cloudAgentRoutes],
  jobs: {
    'cloud.boot': (ctx, log) => cloudJobs(ctx, log).boot,
    'cloud.bootCheck': (ctx, log) => cloudJobs(ctx, log).bootCheck,
    'cloud.warn': (ctx, log) => cloudJobs(ctx, log).warn,
    'cloud.end': (ctx, log) => cloudJobs(ctx, log).end,
    'cloud.shutdown': (ctx, log) => cloudJobs(ctx, log).shutdown,
    'cloud.offerExpire': (ctx, log) => cloudJobs(ctx, log).offerExpire,
    'cloud.idle': (ctx, log) => createAgentLifecycle(ctx, log).idleJob,
    'cloud.agentWatch': (ctx, log) => createAgentLifecycle(ctx, log).watchJob,
  },
  listeners: [registerCloudMappers],
  schedules: [seedCapacity, resumeSessions],
});

export { providerOf };
/** For live collaboration's guest view of a session's desktop. */
export { desktopEndpoint } from './cloud.access.ts';
