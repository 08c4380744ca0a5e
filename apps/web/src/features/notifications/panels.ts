import { UI } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface NotificationPanels {
  /** the notification list (spec 002 §2, §7) */
  notifications: Record<string, never>;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends NotificationPanels {}
}

export const panels: PanelsOf<NotificationPanels> = {
  notifications: {
    help: 'notifications',
    title: UI.notifications,
    component: lazy(withChunkTimeout(() => import('./NotificationsPanel.tsx'))),
  },
};
