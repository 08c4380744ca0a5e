import { PATHS } from '../../app/paths.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const pages: PageRoute[] = [
  { path: PATHS.subscription, layout: 'shell', page: () => import('./SubscriptionPage.tsx') },
];
