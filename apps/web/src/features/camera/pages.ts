import { PATHS } from '../../app/paths.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const pages: PageRoute[] = [
  { path: PATHS.uploader, layout: 'shell', page: () => import('./UploaderPage.tsx') },
  { path: PATHS.device, layout: 'auth', page: () => import('./DevicePage.tsx'), direct: true },
];
