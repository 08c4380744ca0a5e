import type { PanelBaseProps } from '../../app/panels/registry.ts';
import ShareToIntegration, { type ShareToIntegrationProps } from './ShareToIntegration.tsx';

export type ShareToIntegrationPanelProps = Omit<ShareToIntegrationProps, 'onDone'>;

/** The asset action 'Share to Sprinklr': the share-to-integration view alone in its panel. */
export default function ShareToIntegrationPanel({
  close,
  ...props
}: ShareToIntegrationPanelProps & PanelBaseProps) {
  return <ShareToIntegration {...props} onDone={close} />;
}
