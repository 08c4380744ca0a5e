import type { DbOrTx } from '../../db/client.ts';
import { findTeam, isTeamMember } from './teams.service.ts';

/** Members see a team (its room, its lists). */
export const canViewTeam = (db: DbOrTx, userId: string, teamId: string) => isTeamMember(db, userId, teamId);

/** Only the owner turns team-wide two-factor on or off (spec 002 §6). */
export async function canManageTeamTwoFactor(db: DbOrTx, userId: string, teamId: string) {
  const team = await findTeam(db, teamId);
  return Boolean(team && !team.isPersonal && team.ownerId === userId);
}
