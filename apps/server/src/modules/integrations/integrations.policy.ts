import type { DbOrTx } from '../../db/client.ts';
import { authorizeTeam } from '../teams/index.ts';
import { integrationOf, type IntegrationService } from './integrations.rows.ts';

/**
 * Who may (spec 002 §6): every integration route needs can_view_app_integration in the team the
 * integration belongs to (owners hold every code). Imports and exports also check the project.
 */
export async function canUseIntegrations(db: DbOrTx, userId: string, teamId: string) {
  return authorizeTeam(db, userId, teamId, (a) => a.isMember && a.codes.includes('can_view_app_integration'));
}

/** The integration (404 'No integration found' when unknown), once its team's rule passed. */
export async function canUseIntegration(
  db: DbOrTx,
  userId: string,
  id: string,
  service?: IntegrationService,
) {
  const row = await integrationOf(db, id, service);
  await canUseIntegrations(db, userId, row.teamId);
  return row;
}
