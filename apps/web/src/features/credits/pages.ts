import { PATHS } from '../../app/paths.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const pages: PageRoute[] = [
  { path: PATHS.credits, layout: 'shell', direct: true, page: () => import('./CreditsPage.tsx') },
];
