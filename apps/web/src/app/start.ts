import { setUnauthorizedHandler } from '../api/client.ts';
import { setNavigator } from './navigation.ts';
import { PATHS, isPublicPage } from './paths.ts';
import type { createAppRouter } from './router.tsx';

/**
 * Wires the router into code outside React: navigation for modals, and the 401 rule of spec
 * 002 §7 — a 401 on a logged-in page (not a public page, not a shared link) goes to /logout.
 */
export function wireNavigation(router: ReturnType<typeof createAppRouter>): void {
  setNavigator((to) => void router.navigate(to));
  setUnauthorizedHandler(() => {
    if (!isPublicPage(window.location)) void router.navigate(PATHS.logout);
  });
}
