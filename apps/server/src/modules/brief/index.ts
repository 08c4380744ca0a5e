import { defineModule } from '../../platform/modules.ts';
import { registerBriefMappers } from './brief.realtime.ts';
import { briefRoutes } from './brief.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { createBriefService } from './brief.service.ts';

/** Project brief (spec 000 §7): its routes and the realtime hint that it changed. */
export const briefModule = defineModule({
  name: 'brief',
  routes: [briefRoutes],
  listeners: [registerBriefMappers],
});
