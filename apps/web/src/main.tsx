import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/root.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { APP_NAME } from '@rushes/shared';
import { Providers } from './app/Providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { NavigationBridge, wireUnauthorized } from './app/start.ts';

document.title = APP_NAME;
const { AppRoutes, visit } = createAppRouter();
wireUnauthorized();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The opened URL's pages (already preloaded by index.html's modulepreload links) are in before the
// first render, so it paints the page, not a loader; a failed chunk renders the error page. A
// logged-in page's query cache starts with them (QueryLayout: the user from index.html, or asked).
void visit(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    const reactRoot = createRoot(root);
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <Providers>
            <BrowserRouter>
              <NavigationBridge />
              <AppRoutes />
            </BrowserRouter>
          </Providers>
        </StrictMode>,
      ),
    );
  });
