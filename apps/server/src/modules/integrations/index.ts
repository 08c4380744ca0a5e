import { defineModule } from '../../platform/modules.ts';
import { registerBucketRunners } from './bucketRunners.ts';
import {
  canManageIntegration,
  canManageIntegrations,
  integrationPolicy,
  integrationsPolicy,
} from './integrations.policy.ts';
import { integrationsRoutes } from './integrations.routes.ts';
import { registerSprinklrRunner } from './sprinklr.runner.ts';

// What other modules may call (everything else in this folder is internal).
export { guardedRequestHandler } from './s3client.ts';

/**
 * App integrations: Amazon S3 and Contido buckets (connect, test, browse, import,
 * export through transfers). Every route needs can_view_app_integration in the team; creating,
 * testing and deleting an integration need the team admin.
 */
export const integrationsModule = defineModule({
  name: 'integrations',
  policies: {
    // S3 routes name their integration s3_integration_db_id, the others integration_db_id.
    'integrations.canUseIntegration': [
      integrationPolicy('s3_integration_db_id'),
      integrationPolicy('integration_db_id'),
    ],
    'integrations.canUseIntegrations': integrationsPolicy(),
    'integrations.canManageIntegration': [
      integrationPolicy('s3_integration_db_id', canManageIntegration),
      integrationPolicy('integration_db_id', canManageIntegration),
    ],
    'integrations.canManageIntegrations': integrationsPolicy(canManageIntegrations),
  },
  routes: [integrationsRoutes],
  listeners: [registerBucketRunners, registerSprinklrRunner],
});
