import { WEBHOOK_TEXT } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';

/** This feature's side panel: the selected team's webhook endpoints (team admins). */
interface WebhookPanels {
  webhooks: { teamDbId: string };
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends WebhookPanels {}
}

export const panels: PanelsOf<WebhookPanels> = {
  webhooks: {
    help: 'integrations',
    title: WEBHOOK_TEXT.title,
    component: lazy(withChunkTimeout(() => import('./WebhooksPanel.tsx'))),
  },
};
