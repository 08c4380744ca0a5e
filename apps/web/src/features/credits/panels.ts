import { PAYMENT_TEXT } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';
import type { AddCreditsPanelProps } from './AddCreditsPanel.tsx';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface CreditPanels {
  /** add credits (spec 002 §2, §5) */
  addCredits: AddCreditsPanelProps;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends CreditPanels {}
}

export const panels: PanelsOf<CreditPanels> = {
  addCredits: {
    help: 'credits',
    title: PAYMENT_TEXT.addCreditsTitle,
    component: lazy(withChunkTimeout(() => import('./AddCreditsPanel.tsx'))),
  },
};
