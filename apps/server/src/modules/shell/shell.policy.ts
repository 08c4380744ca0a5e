import type { DbOrTx } from '../../db/client.ts';
import { authorizeTeam, canUpdate, canView } from '../teams/index.ts';

/**
 * Who may do what with the shell's rows. The runtime settings, the live-chat settings and the
 * caller's own tour need only a session. A team's shell settings: members read, owners change
 * (the rule that changes a team's other settings). Both throw 403 like every team route.
 */
export const authorizeTeamShellRead = (db: DbOrTx, userId: string, teamId: string) =>
  authorizeTeam(db, userId, teamId, canView);

export const authorizeTeamShellWrite = (db: DbOrTx, userId: string, teamId: string) =>
  authorizeTeam(db, userId, teamId, canUpdate);
