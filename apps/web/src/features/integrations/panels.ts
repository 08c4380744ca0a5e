import { INTEGRATION_TEXT, SPRINKLR_TEXT } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';
import type { BucketIntegrationsPanelProps } from './BucketIntegrationsPanel.tsx';
import type { ExportPanelProps } from './ExportPanel.tsx';
import type { ShareToIntegrationPanelProps } from './ShareToIntegrationPanel.tsx';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface IntegrationPanels {
  /** S3 and Contido: integrated list, new integration, details (spec 002 §2) */
  bucketIntegrations: BucketIntegrationsPanelProps;
  /** export to bucket (spec 002 §2, §4) */
  exportToBucket: ExportPanelProps;
  /** Sprinklr: list, 3-step create, details, delete (spec 002 §2) */
  sprinklr: Record<string, never>;
  /** share assets to an integration (spec 002 §4) */
  shareToIntegration: ShareToIntegrationPanelProps;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends IntegrationPanels {}
}

export const panels: PanelsOf<IntegrationPanels> = {
  bucketIntegrations: {
    help: 'integrations',
    title: (props) => (props.service === 's3' ? INTEGRATION_TEXT.amazonS3 : INTEGRATION_TEXT.contido),
    component: lazy(withChunkTimeout(() => import('./BucketIntegrationsPanel.tsx'))),
  },
  sprinklr: {
    help: 'integrations',
    title: INTEGRATION_TEXT.sprinklr,
    component: lazy(withChunkTimeout(() => import('./SprinklrPanel.tsx'))),
  },
  shareToIntegration: {
    help: 'integrations',
    title: SPRINKLR_TEXT.shareToSprinklr,
    component: lazy(withChunkTimeout(() => import('./ShareToIntegrationPanel.tsx'))),
  },
  exportToBucket: {
    help: 'integrations',
    title: INTEGRATION_TEXT.exportToBucket,
    component: lazy(withChunkTimeout(() => import('./ExportPanel.tsx'))),
  },
};
