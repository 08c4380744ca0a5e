import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../api/client.ts';
import { navigateTo, setNavigator } from './navigation.ts';
import { PATHS, isPublicPage } from './paths.ts';

/**
 * The 401 rule of spec 002 §7: a 401 on a logged-in page (not a public page, not a shared link)
 * goes to /logout. Wired at start-up, before the first request.
 */
export function wireUnauthorized(): void {
  setUnauthorizedHandler(() => {
    if (!isPublicPage(window.location)) navigateTo(PATHS.logout);
  });
}

/** Hands the router's navigation to code outside React (modals, the 401 rule). Rendered once inside the router. */
export function NavigationBridge(): null {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to) => void navigate(to)), [navigate]);
  return null;
}
