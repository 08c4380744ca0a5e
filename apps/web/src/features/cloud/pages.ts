import { PATHS } from '../../app/paths.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const pages: PageRoute[] = [
  // the remote desktop fills the tab: logged in, outside the shell
  { path: PATHS.cloudDesktop, layout: 'auth', page: () => import('./DesktopPage.tsx') },
  { path: PATHS.cloudAdmin, layout: 'shell', page: () => import('./CloudAdminPage.tsx') },
];
