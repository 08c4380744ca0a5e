import { createElement, use, type ComponentType } from 'react';
import { withChunkTimeout } from './chunkLoad.ts';

/**
 * A page module: its screen and, where it has one, `prefetch`, which starts the page's reads on
 * every visit as soon as its code is there, rather than once it has rendered (home's trays).
 * The router runs it (router.tsx `visit`), as a data router runs a route's loader.
 */
export interface PageModule {
  default: ComponentType;
  prefetch?: () => Promise<void>;
}

/** A promise that says whether it has settled, which React's `use` reads without suspending. */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export interface LazyPage {
  /** Starts loading the page's code (once; later calls return the same promise). */
  preload: () => Promise<PageModule>;
  /** Renders the page; suspends only while its code is still on the way. */
  Page: ComponentType;
}

/**
 * A code-split page for the router (router.tsx). Unlike React.lazy, a page whose code has already
 * arrived renders at once: main.tsx preloads the opened URL's pages before the first render, so
 * the first paint never goes through a Suspense fallback (React 19 holds a revealed fallback for
 * 300 ms), and navigations, which the router runs as transitions, keep the old page until the new
 * one is ready. A chunk that fails or times out (CHUNK_LOAD_TIMEOUT_MS) throws into the route's
 * error boundary, which shows the error page with Refresh.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  const loadWithTimeout = withChunkTimeout(load);
  let loading: Tracked<PageModule> | null = null;
  const preload = () => {
    if (loading) return loading;
    const tracked: Tracked<PageModule> = loadWithTimeout();
    tracked.status = 'pending';
    tracked.then(
      (page) => {
        tracked.status = 'fulfilled';
        tracked.value = page;
      },
      (error: unknown) => {
        tracked.status = 'rejected';
        tracked.reason = error;
      },
    );
    loading = tracked;
    return tracked;
  };
  function Page() {
    const loading: Promise<PageModule> = preload();
    return createElement(use(loading).default);
  }
  return { preload, Page };
}
