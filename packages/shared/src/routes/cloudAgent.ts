import {
  cloudAdminHealth,
  cloudAgentAction,
  cloudAgentHeartbeatBody,
  cloudAgentLease,
  cloudAgentLeaseBody,
  cloudAgentQuery,
  cloudAgentRenderBody,
  cloudAgentRendered,
  cloudAgentSession,
  cloudAgentSettingsSaved,
} from '../schemas/cloudAgent.ts';
import { CLOUD_API } from '../rules/cloud.ts';
import { defineRoutes } from './define.ts';

/**
 * The workstation agent's routes: only the session's own agent token (its owner's personal access
 * token, scoped to the session's project) may call them for that session. And the platform admin's
 * provider health.
 */
export const cloudAgentRoutes = defineRoutes('cloud', {
  session: {
    method: 'GET',
    path: CLOUD_API.agentSession,
    query: cloudAgentQuery,
    response: cloudAgentSession,
    policy: 'cloud.isSessionAgent',
  },
  heartbeat: {
    method: 'POST',
    path: CLOUD_API.agentHeartbeat,
    body: cloudAgentHeartbeatBody,
    response: cloudAgentAction,
    policy: 'cloud.isSessionAgent',
  },
  render: {
    method: 'POST',
    path: CLOUD_API.agentRender,
    body: cloudAgentRenderBody,
    response: cloudAgentRendered,
    policy: 'cloud.isSessionAgent',
  },
  /** The body is the raw archive (application/octet-stream, at most CLOUD_SETTINGS_MAX_BYTES). */
  settings: {
    method: 'PUT',
    path: CLOUD_API.agentSettings,
    query: cloudAgentQuery,
    rawBody: true,
    response: cloudAgentSettingsSaved,
    policy: 'cloud.isSessionAgent',
  },
  /**
   * A pool workstation's agent service: public at the guard (it holds no user's token), the
   * machine key (`Authorization: Bearer rsm_…`) is checked by the handler, failures rate-limited.
   */
  lease: {
    method: 'POST',
    path: CLOUD_API.agentLease,
    body: cloudAgentLeaseBody,
    response: cloudAgentLease,
    public: true,
  },
  adminHealth: {
    method: 'GET',
    path: CLOUD_API.adminHealth,
    response: cloudAdminHealth,
    policy: 'cloud.isPlatformAdmin',
  },
});
