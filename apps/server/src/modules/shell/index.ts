import { defineModule } from '../../platform/modules.ts';
import { shellRoutes } from './shell.routes.ts';

/** The app shell's server side: runtime settings, the live-chat widget, the product tour, team shell settings. */
export const shellModule = defineModule({
  name: 'shell',
  routes: [shellRoutes],
});
