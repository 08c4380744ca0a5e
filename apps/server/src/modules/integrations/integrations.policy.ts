import type { FastifyRequest } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { stringField, type Policy } from '../../platform/policies.ts';
import { authorizeTeam, type TeamAccess } from '../teams/index.ts';
import { integrationOf, type IntegrationRow, type IntegrationService } from './integrations.rows.ts';

type TeamRule = (access: TeamAccess) => boolean;
/**
 * Who may (spec 002 §6): seeing and using a team's integrations (lists, details, buckets, folders,
 * imports, exports, shares) needs can_view_app_integration in the team the integration belongs to,
 * which every new member holds by default. Imports and exports also check the project.
 */
const viewRule: TeamRule = (a) => a.isMember && a.codes.includes('can_view_app_integration');
/**
 * Creating, testing and deleting one is the team admin's (is_admin: an owner, who holds every code):
 * the spec names no code for it and lets non-admins see lists only (002 §6).
 */
const manageRule: TeamRule = (a) => a.isMember && a.isOwner;

export async function canUseIntegrations(db: DbOrTx, userId: string, teamId: string) {
  return authorizeTeam(db, userId, teamId, viewRule);
}
export async function canManageIntegrations(db: DbOrTx, userId: string, teamId: string) {
  return authorizeTeam(db, userId, teamId, manageRule);
}

/** One integration and the caller's access to its team. */
export interface IntegrationAccess extends TeamAccess {
  integration: IntegrationRow;
}

/** The integration (404 'No integration found' when unknown), once its team's rule passed. */
async function integrationWithRule(
  db: DbOrTx,
  userId: string,
  id: string,
  service: IntegrationService | undefined,
  rule: TeamRule,
): Promise<IntegrationAccess> {
  const integration = await integrationOf(db, id, service);
  const access = await authorizeTeam(db, userId, integration.teamId, rule);
  return { ...access, integration };
}
export const canUseIntegration = (db: DbOrTx, userId: string, id: string, service?: IntegrationService) =>
  integrationWithRule(db, userId, id, service, viewRule);
export const canManageIntegration = (db: DbOrTx, userId: string, id: string, service?: IntegrationService) =>
  integrationWithRule(db, userId, id, service, manageRule);

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

/**
 * integrations.canUseIntegrations (canManageIntegrations with the admin's rule): the team named by
 * `team_db_id`, once before the handler.
 */
export const integrationsPolicy = (check = canUseIntegrations): Policy<TeamAccess> => ({
  reads: 'team_db_id',
  check: (ctx) => (req) => check(ctx.db, userIdOf(req), stringField(req, 'team_db_id')),
});

/**
 * integrations.canUseIntegration (canManageIntegration with the admin's rule): the integration named
 * by `field` (S3 routes say s3_integration_db_id, the others integration_db_id), of the route's
 * service, then its team's rule: unknown ids answer 404 before a stranger's 403.
 */
export const integrationPolicy = (
  field: 's3_integration_db_id' | 'integration_db_id',
  check = canUseIntegration,
): Policy<IntegrationAccess> => ({
  reads: field,
  check: (ctx) => (req) => check(ctx.db, userIdOf(req), stringField(req, field), serviceOfRoute(req)),
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'integrations.canUseIntegrations': TeamAccess;
    'integrations.canUseIntegration': IntegrationAccess;
    'integrations.canManageIntegrations': TeamAccess;
    'integrations.canManageIntegration': IntegrationAccess;
  }
}
