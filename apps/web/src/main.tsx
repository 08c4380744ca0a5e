import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/root.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { APP_NAME } from '@rushes/shared';
import { currentUserQuery } from './api/currentUser.ts';
import { takeBootData } from './app/bootData.ts';
import { isPublicPage } from './app/paths.ts';
import { Providers } from './app/Providers.tsx';
import { createQueryClient } from './app/queryClient.ts';
import { createAppRouter } from './app/router.tsx';
import { NavigationBridge, wireUnauthorized } from './app/start.ts';

document.title = APP_NAME;
const queryClient = createQueryClient();
const { AppRoutes, preload } = createAppRouter(queryClient);
wireUnauthorized();
// A logged-in page knows who is logged in from its index.html, or asks while its code is still
// loading (issue 22).
takeBootData(queryClient);
if (!isPublicPage(window.location)) void queryClient.prefetchQuery(currentUserQuery);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The opened URL's pages (already preloaded by index.html's modulepreload links) are in before the
// first render, so it paints the page, not a loader; a failed chunk renders the error page.
void preload(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <BrowserRouter>
            <NavigationBridge />
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    ),
  );
