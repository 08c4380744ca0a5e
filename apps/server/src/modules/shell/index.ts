import type { AppContext } from '../../platform/context.ts';
import { defineModule } from '../../platform/modules.ts';
import { shellRoutes } from './shell.routes.ts';
import { createShellService } from './shell.service.ts';

/** The app shell's server side: runtime settings, the live-chat widget, the product tour, team shell settings. */
export const shellModule = defineModule({
  name: 'shell',
  routes: [shellRoutes],
});

/** The shell's runtime settings as GET shell/config answers them (a logged-in page's index.html carries them). */
export const shellConfigOf = (ctx: AppContext) => {
  const service = createShellService(ctx);
  return () => service.config();
};
