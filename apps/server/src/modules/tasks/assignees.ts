import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_PROJECT_PERMISSIONS, MSG, projectPermissionIds } from '@rushes/shared';
import type { Tx } from '../../db/client.ts';
import { projectMembers, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DomainEvents, EventName } from '../../platform/events/bus.ts';
import { fieldError } from '../../platform/http/errors.ts';
import {
  createProjectInvites,
  pendingProjectInvites,
  canManageCollaborators,
  type ProjectAccess,
  insertProjectMember,
} from '../projects/index.ts';

export type Emit = <K extends EventName>(name: K, payload: DomainEvents[K]) => void;

/** Who a task or request goes to: a member (userId) or an e-mail invited to the project. */
export type Recipient =
  { kind: 'member'; userId: string; email: string; viaEmail: boolean } | { kind: 'invite'; email: string };

/**
 * Resolves people picked by id (must be project members) and typed e-mails (spec 000 §5): an e-mail
 * of a member is that member; of another account, that account joins the project as a collaborator;
 * of nobody, a project invitation is mailed (the same flow as the collaborators panel), and the
 * address waits until its owner joins. Bringing someone new into the project needs
 * can_add_update_collaborators. `field` names the input for error messages.
 */
export async function resolveRecipients(
  ctx: AppContext,
  tx: Tx,
  emit: Emit,
  access: ProjectAccess,
  input: { userIds: string[]; emails: string[] },
  fields: { ids: string; emails: string },
  opts: { waiting?: string[] } = {},
): Promise<Recipient[]> {
  const projectId = access.project.id;
  const ids = [...new Set(input.userIds)];
  const emails = [...new Set(input.emails.map((e) => e.toLowerCase()))];
  const out: Recipient[] = [];

  const members = async (where: ReturnType<typeof and>) =>
    tx
      .select({ id: users.id, email: sql<string>`lower(${users.email})` })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(and(eq(projectMembers.projectId, projectId), where));

  if (ids.length) {
    const found = await members(inArray(projectMembers.userId, ids));
    if (found.length !== ids.length) throw fieldError(fields.ids, MSG.assigneeNotMember);
    for (const m of found) out.push({ kind: 'member', userId: m.id, email: m.email, viaEmail: false });
  }
  if (emails.length === 0) return out;

  const memberByEmail = await members(inArray(sql`lower(${users.email})`, emails));
  const known = new Set(memberByEmail.map((m) => m.email));
  for (const m of memberByEmail) {
    if (!out.some((r) => r.kind === 'member' && r.userId === m.id)) {
      out.push({ kind: 'member', userId: m.id, email: m.email, viaEmail: true });
    }
  }
  let outsiders = emails.filter((e) => !known.has(e));
  if (outsiders.length === 0) return out;
  const accounts = await tx
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, outsiders));
  // Addresses this task or request already waits for keep waiting, without a new mail (an update
  // that leaves the assignee as it was must not re-invite); resending is its own action.
  const registeredNow = new Set(accounts.map((a) => a.email));
  const stillWaiting = outsiders.filter((e) => (opts.waiting ?? []).includes(e) && !registeredNow.has(e));
  for (const email of stillWaiting) out.push({ kind: 'invite', email });
  outsiders = outsiders.filter((e) => !stillWaiting.includes(e));
  if (outsiders.length === 0) return out;
  if (!canManageCollaborators(access)) throw fieldError(fields.emails, MSG.forbidden);

  for (const a of accounts) {
    await insertProjectMember(tx, projectId, a.id, 'collaborator');
    out.push({ kind: 'member', userId: a.id, email: a.email, viaEmail: true });
  }
  if (accounts.length) {
    emit('project.changed', {
      projectId,
      addedUserIds: accounts.map((a) => a.id),
      removedUserIds: [],
      members: true,
    });
  }
  const invited = outsiders.filter((e) => !registeredNow.has(e));
  for (const email of invited) {
    await inviteToProject(ctx, tx, access, email);
    out.push({ kind: 'invite', email });
  }
  return out;
}

/**
 * Mails a (fresh) project invitation. An address already invited keeps its role and permissions
 * (a pending admin invitation is not turned into a collaborator one); others come as collaborators.
 */
export async function inviteToProject(ctx: AppContext, tx: Tx, access: ProjectAccess, email: string) {
  const address = email.toLowerCase();
  const pending = (await pendingProjectInvites(tx, access.project.id)).find(
    (i) => i.email.toLowerCase() === address,
  );
  await createProjectInvites(
    ctx,
    tx,
    access.project,
    access.userId,
    [address],
    pending?.role ?? 'collaborator',
    pending?.permissionIds ?? projectPermissionIds(DEFAULT_PROJECT_PERMISSIONS.collaborator),
  );
}
