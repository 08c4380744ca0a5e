import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/root.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { APP_NAME } from '@rushes/shared';
import { currentUserQuery } from './api/currentUser.ts';
import { takeBootData } from './app/bootData.ts';
import { isPublicPage } from './app/paths.ts';
import { Providers } from './app/Providers.tsx';
import { createQueryClient } from './app/queryClient.ts';
import { createAppRouter } from './app/router.tsx';
import { wireNavigation } from './app/start.ts';

document.title = APP_NAME;
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
wireNavigation(router);
// A logged-in page knows who is logged in from its index.html, or asks while its code is still
// loading (issue 22).
takeBootData(queryClient);
if (!isPublicPage(window.location)) void queryClient.prefetchQuery(currentUserQuery);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
