import type { AppContext } from '../../platform/context.ts';
import './brief.events.ts';

/** Brief → realtime: the project room hears that the brief changed and refetches it. */
export function registerBriefMappers(ctx: AppContext) {
  ctx.events.on('brief.changed', ({ projectId }) =>
    ctx.realtime.toRoom(`project:${projectId}`, 'brief_changed', { project_db_id: projectId }),
  );
}
