import type { DbOrTx, Tx } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Emit } from '../../platform/events/bus.ts';
import { acceptInviteIn, createInvitesService, findValidInvite } from '../teams/index.ts';
import {
  acceptProjectInviteIn,
  createProjectInvitesService,
  findValidProjectInvite,
  isProjectInviteCode,
} from './invites.service.ts';

/**
 * One `invite_code` for sign-up and login, two kinds of invitation: project codes carry the
 * 'prj_' prefix, every other code is a team invitation. The auth service calls these.
 */
export async function findAnyValidInvite(db: DbOrTx, code: string, email: string): Promise<boolean> {
  return isProjectInviteCode(code)
    ? (await findValidProjectInvite(db, code, email)) !== null
    : (await findValidInvite(db, code, email)) !== null;
}

export async function acceptAnyInviteIn(
  tx: Tx,
  emit: Emit,
  user: { id: string; email: string },
  code: string,
) {
  if (isProjectInviteCode(code)) await acceptProjectInviteIn(tx, emit, user, code);
  else await acceptInviteIn(tx, emit, user, code);
}

export function createInviteCodes(ctx: AppContext) {
  const teams = createInvitesService(ctx);
  const projects = createProjectInvitesService(ctx);
  return {
    tryAccept: (userId: string, code: string | undefined) =>
      code && isProjectInviteCode(code) ? projects.tryAccept(userId, code) : teams.tryAccept(userId, code),
  };
}
