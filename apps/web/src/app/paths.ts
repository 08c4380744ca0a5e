/** Routes of the web app (spec 002 §2). */
export const PATHS = {
  home: '/',
  login: '/login',
  signup: '/signup',
  verify: '/verify',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  twoFactor: '/2fa',
  logout: '/logout',
  outbox: '/outbox',
  settings: '/settings',
  subscription: '/subscription',
  statistics: '/statistics',
  userGuide: '/user-guide',
  /** the team's credits wallet */
  credits: '/credits',
  /** a payment's checkout; links come from the server (checkoutPath) */
  checkout: '/checkout/:paymentDbId',
  /** the default uploader download */
  uploader: '/uploader',
  /** the uploader's device login: approve a computer by its code (DEVICE_LOGIN_PAGE, ?code=) */
  device: '/device',
  /** the project page (spec 002 §2); links are built with projectPath() */
  project: '/project/:projectDbId/:folderDbId?',
  /** the in-product player (spec 002 §2); links are built with playerPath() */
  player: '/player/:id',
  /** the iPhone / iPad player (spec 002 §2): /ios-player/?id={ingest_db_id} */
  iosPlayer: '/ios-player',
  /** the public review page of a share link: ?shared_link= or ?shared_asset= */
  review: '/review',
  /** a cloud session's remote desktop in the browser */
  cloudDesktop: '/cloud-desktop/:cloudId',
  /** platform admins: cloud issue reports and the pool's workstations */
  cloudAdmin: '/cloud-admin',
  /** import from a bucket into a project (spec 002 §2; links from integrationPaths.ts) */
  importAssets: '/import-assets/:projectDbId/:service/:bucketName?/:integrationDbId?',
  /** a project's transfers (spec 000 §2, 002 §2) */
  transfers: '/transfers/:projectDbId/:service',
  /** a project's review links (links from features/shares/links/paths.ts) */
  shareLinks: '/share-links/:projectDbId',
} as const;

/** Where the upgrade notice leads (spec 002 §2). */
export const UPGRADE_PLAN_PATH = `${PATHS.subscription}?sidebar=upgrade-plan`;

const PUBLIC_PAGES: readonly string[] = [
  PATHS.login,
  PATHS.signup,
  PATHS.verify,
  PATHS.forgotPassword,
  PATHS.resetPassword,
  PATHS.twoFactor,
  PATHS.logout,
  PATHS.outbox,
];

/**
 * Pages a link from outside the app opens (the uploader's device login): a logged-out visitor logs in
 * and comes back to them (`?next=` on /login and /2fa). Only these, and only as same-origin paths.
 */
const RETURN_AFTER_LOGIN: readonly string[] = [PATHS.device];

/** The `?next=` to give /login for a page to come back to, or ''. */
export function loginReturn(location: Pick<Location, 'pathname' | 'search'>): string {
  return RETURN_AFTER_LOGIN.includes(location.pathname) ? `${location.pathname}${location.search}` : '';
}

/** Where to go after logging in: the `next` of the login URL when it is such a page. */
export function returnPath(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/')) return null;
  // Resolved as a browser would ('//host' and '/\host' name another origin), then kept only in-app.
  const url = new URL(next, 'http://app.invalid');
  const ours = url.origin === 'http://app.invalid' && RETURN_AFTER_LOGIN.includes(url.pathname);
  return ours ? `${url.pathname}${url.search}` : null;
}

/** Public pages, and shared-asset links (a query parameter starting with 'shared'), never log out on a 401. */
export function isPublicPage(location: Pick<Location, 'pathname' | 'search'>): boolean {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (PUBLIC_PAGES.includes(path)) return true;
  return [...new URLSearchParams(location.search).keys()].some((key) => key.startsWith('shared'));
}
