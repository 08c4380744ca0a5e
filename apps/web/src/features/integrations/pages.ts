import { PATHS } from '../../app/paths.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const pages: PageRoute[] = [
  { path: PATHS.importAssets, layout: 'shell', page: () => import('./ImportAssetsPage.tsx') },
  { path: PATHS.transfers, layout: 'shell', page: () => import('./TransfersPage.tsx') },
];
