import { defineModule } from '../../platform/modules.ts';
import { checkedInService } from '../../platform/policies.ts';
import { registerBucketRunners } from './bucketRunners.ts';
import { integrationsRoutes } from './integrations.routes.ts';
import { registerSprinklrRunner } from './sprinklr.runner.ts';

// What other modules may call (everything else in this folder is internal).
export { guardedRequestHandler } from './s3client.ts';

/**
 * App integrations: Amazon S3 and Contido buckets (connect, test, browse, import,
 * export through transfers). Every route needs can_view_app_integration in the team.
 */
export const integrationsModule = defineModule({
  name: 'integrations',
  // Still applied by the services (not yet loaded before the handler).
  policies: {
    'integrations.canUseIntegration': checkedInService(),
    'integrations.canUseIntegrations': checkedInService(),
  },
  routes: [integrationsRoutes],
  listeners: [registerBucketRunners, registerSprinklrRunner],
});
