import type { FastifyRequest } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { stringField, type Policy } from '../../platform/policies.ts';
import { authorizeTeam, type TeamAccess } from '../teams/index.ts';
import { integrationOf, type IntegrationRow, type IntegrationService } from './integrations.rows.ts';

/**
 * Who may (spec 002 §6): every integration route needs can_view_app_integration in the team the
 * integration belongs to (owners hold every code). Imports and exports also check the project.
 */
export async function canUseIntegrations(db: DbOrTx, userId: string, teamId: string) {
  return authorizeTeam(db, userId, teamId, (a) => a.isMember && a.codes.includes('can_view_app_integration'));
}

/** One integration and the caller's access to its team. */
export interface IntegrationAccess extends TeamAccess {
  integration: IntegrationRow;
}

/** The integration (404 'No integration found' when unknown), once its team's rule passed. */
export async function canUseIntegration(
  db: DbOrTx,
  userId: string,
  id: string,
  service?: IntegrationService,
): Promise<IntegrationAccess> {
  const integration = await integrationOf(db, id, service);
  const access = await canUseIntegrations(db, userId, integration.teamId);
  return { ...access, integration };
}

/**
 * The service of each integration route, by path: an id of another service's integration is unknown
 * on a route (404), as when each service looked its rows up itself. The S3 and Contido entries of the
 * route map are named after their service; every Sprinklr entry is Sprinklr's.
 */
const SERVICE_OF_PATH = new Map<string, IntegrationService>([
  ...Object.entries(ROUTES.integrations).map(
    ([name, r]) => [r.path, name.startsWith('contido') ? 'contido' : 's3'] as const,
  ),
  ...Object.values(ROUTES.sprinklr).map((r) => [r.path, 'sprinklr'] as const),
]);

function serviceOfRoute(req: FastifyRequest): IntegrationService {
  const service = SERVICE_OF_PATH.get(req.routeOptions.url ?? '');
  if (!service) throw new Error(`integrations: ${req.routeOptions.url} is not an integration route`);
  return service;
}

/** integrations.canUseIntegrations: the team named by `team_db_id`, once before the handler. */
export const integrationsPolicy = (): Policy<TeamAccess> => ({
  reads: 'team_db_id',
  check: (ctx) => (req) => canUseIntegrations(ctx.db, userIdOf(req), stringField(req, 'team_db_id')),
});

/**
 * integrations.canUseIntegration: the integration named by `field` (S3 routes say
 * s3_integration_db_id, the others integration_db_id), of the route's service, then its team's rule:
 * unknown ids answer 404 before a stranger's 403.
 */
export const integrationPolicy = (
  field: 's3_integration_db_id' | 'integration_db_id',
): Policy<IntegrationAccess> => ({
  reads: field,
  check: (ctx) => (req) =>
    canUseIntegration(ctx.db, userIdOf(req), stringField(req, field), serviceOfRoute(req)),
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'integrations.canUseIntegrations': TeamAccess;
    'integrations.canUseIntegration': IntegrationAccess;
  }
}
