import { PATHS } from '../../app/paths.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const pages: PageRoute[] = [
  { path: PATHS.userGuide, layout: 'shell', page: () => import('./UserGuidePage.tsx') },
];
