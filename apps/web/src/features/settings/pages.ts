import { PATHS } from '../../app/paths.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const pages: PageRoute[] = [
  { path: PATHS.settings, layout: 'shell', direct: true, page: () => import('./SettingsPage.tsx') },
];
