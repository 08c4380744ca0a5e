import { PATHS } from '../../app/paths.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const pages: PageRoute[] = [
  { path: PATHS.player, layout: 'shell', direct: true, page: () => import('./PlayerPage.tsx') },
  { path: PATHS.iosPlayer, layout: 'shell', page: () => import('./IosPlayerPage.tsx') },
];
