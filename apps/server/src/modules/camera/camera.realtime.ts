import type { AppContext } from '../../platform/context.ts';
import './camera.events.ts';

/** Camera → realtime (spec 001 §4): the project room hears c2e_sessions and c2e_session_update. */
export function registerCameraMappers(ctx: AppContext) {
  ctx.events.on('camera.sessions_changed', ({ projectId }) =>
    ctx.realtime.toRoom(`project:${projectId}`, 'c2e_sessions', { project_db_id: projectId }),
  );
  ctx.events.on('camera.session_status', ({ projectId, sessionId, status }) =>
    ctx.realtime.toRoom(`project:${projectId}`, 'c2e_session_update', {
      project_db_id: projectId,
      c2e_session_db_id: sessionId,
      status,
    }),
  );
}
