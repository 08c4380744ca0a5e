import { PATHS } from '../../app/paths.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

/** The review page of a share link is public: it reads through the query cache without a login. */
export const pages: PageRoute[] = [
  { path: PATHS.review, layout: 'query', direct: true, page: () => import('./ReviewPage.tsx') },
  { path: PATHS.shareLinks, layout: 'shell', page: () => import('./links/ShareLinksPage.tsx') },
];
