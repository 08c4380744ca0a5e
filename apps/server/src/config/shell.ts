import { z } from 'zod';

export const shell = {
  HELP_CENTER_URL: z
    .string()
    .default('/user-guide')
    .describe(
      'where Help Center (user menu, project help) opens in a new tab: an absolute URL or a same-origin path; read by the web at run time (`GET /api/shell/config`)',
    ),
  BUILD_TYPE: z
    .enum(['web', 'app'])
    .default('web')
    .describe(
      '`app`: the embedded/kiosk shell (no notification bell, no team switcher); `web` the full product. A web build made with `VITE_BUILD_TYPE=app` is always the app build',
    ),
  SUPPORT_CHAT_BASE_URL: z
    .url()
    .optional()
    .describe(
      'a self-hosted Chatwoot (e.g. `https://chat.example.com`) for the live-chat widget (spec 002 §4): it loads 2 s after a logged-in page loads; its origin is let into the CSP',
    ),
  SUPPORT_CHAT_WEBSITE_TOKEN: z
    .string()
    .min(1)
    .optional()
    .describe('the Chatwoot inbox’s website token; the widget is absent unless both are set'),
  PRODUCT_TOUR: z
    .enum(['on', 'off'])
    .default('on')
    .describe(
      '`off`: no first-login product tour for anyone (the e2e flows turn it off, except `e2e/shell.e2e.test.ts`)',
    ),
};
