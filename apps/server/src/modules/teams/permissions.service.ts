import { and, asc, eq, inArray } from 'drizzle-orm';
import { DEFAULT_MEMBER_PERMISSIONS, MSG, OWNER_PERMISSION, type Permission } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { permissions, teamMemberPermissions, teamMembers } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorizeTeam, canView, heldCodes, type TeamAccess } from './teams.policy.ts';
import { recordAudit } from '../audit/index.ts';

export type PermissionRow = typeof permissions.$inferSelect;

/** The permission catalogue (ids are the API's permission_db_id), in display order. */
export async function loadCatalogue(db: DbOrTx): Promise<PermissionRow[]> {
  return db.select().from(permissions).orderBy(asc(permissions.sortOrder), asc(permissions.id));
}

export const idsOfCodes = (catalogue: PermissionRow[], codes: readonly string[]) =>
  catalogue.filter((p) => codes.includes(p.code)).map((p) => p.id);

/**
 * The permission set of a new member: the chosen ids (each must exist, else 'No permissions found'
 * on the permissions field), or the default member set when the field is absent; [] is none.
 */
export async function resolvePermissionIds(
  db: DbOrTx,
  chosen: number[] | undefined,
): Promise<{ ids: number[]; owner: boolean }> {
  const catalogue = await loadCatalogue(db);
  const unique = [...new Set(chosen ?? [])];
  if (unique.some((id) => !catalogue.some((p) => p.id === id))) {
    throw fieldError('permissions', MSG.noPermissionsFound);
  }
  // Only an absent choice means the defaults; an explicit [] means no permissions.
  const ids = chosen === undefined ? idsOfCodes(catalogue, DEFAULT_MEMBER_PERMISSIONS) : unique;
  const ownerId = catalogue.find((p) => p.code === OWNER_PERMISSION)?.id;
  return { ids, owner: ownerId !== undefined && ids.includes(ownerId) };
}

/** Replaces a member's rows and sets is_admin to mirror owner status (the creator always stays owner). */
export async function replaceMemberPermissions(
  db: DbOrTx,
  input: { teamId: string; userId: string; ids: number[]; owner: boolean },
) {
  await db
    .delete(teamMemberPermissions)
    .where(
      and(eq(teamMemberPermissions.teamId, input.teamId), eq(teamMemberPermissions.userId, input.userId)),
    );
  if (input.ids.length > 0) {
    await db
      .insert(teamMemberPermissions)
      .values(
        input.ids.map((permissionId) => ({ teamId: input.teamId, userId: input.userId, permissionId })),
      );
  }
  await db
    .update(teamMembers)
    .set({ isAdmin: input.owner })
    .where(and(eq(teamMembers.teamId, input.teamId), eq(teamMembers.userId, input.userId)));
}

/** Drops every permission row of a user in a team (on removal). */
export async function dropMemberPermissions(db: DbOrTx, teamId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  await db
    .delete(teamMemberPermissions)
    .where(and(eq(teamMemberPermissions.teamId, teamId), inArray(teamMemberPermissions.userId, userIds)));
}

/**
 * The catalogue as the permission panel shows it. An owner's entries other than the owner code are
 * all selected and disabled (spec 002 §4); the creator's owner entry is disabled too (never revoked).
 */
export function presentPermissions(
  catalogue: PermissionRow[],
  selected: readonly string[],
  opts: { owner?: boolean; creator?: boolean } = {},
): Permission[] {
  return catalogue.map((p) => {
    const isOwnerEntry = p.code === OWNER_PERMISSION;
    return {
      permission_db_id: p.id,
      code: p.code,
      title: p.title,
      is_selected: opts.owner ? true : selected.includes(p.code),
      is_disabled: opts.owner ? !isOwnerEntry || Boolean(opts.creator) : false,
    };
  });
}

/** The catalogue with the default set of a new member selected. */
export async function defaultPermissionList(db: DbOrTx): Promise<Permission[]> {
  return presentPermissions(await loadCatalogue(db), DEFAULT_MEMBER_PERMISSIONS);
}

/** The caller's own permissions in a team (team detail). */
export async function ownPermissionList(db: DbOrTx, access: TeamAccess): Promise<Permission[]> {
  return presentPermissions(await loadCatalogue(db), access.codes, {
    owner: access.isOwner,
    creator: access.team.ownerId === access.userId,
  });
}

async function assertMember(db: DbOrTx, teamId: string, userId: string) {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  if (!row) throw notFound(MSG.noUserFound);
}

/** One member's permissions as stored, with the owner rule applied for display. */
export async function memberPermissionList(
  db: DbOrTx,
  team: { id: string; ownerId: string },
  userId: string,
): Promise<Permission[]> {
  await assertMember(db, team.id, userId);
  const held = await heldCodes(db, team.id, userId);
  const creator = team.ownerId === userId;
  return presentPermissions(await loadCatalogue(db), held, {
    owner: creator || held.includes(OWNER_PERMISSION),
    creator,
  });
}

/** Replaces one member's set; the creator keeps the owner code whatever is sent. */
export async function setMemberPermissions(
  db: DbOrTx,
  team: { id: string; ownerId: string },
  userId: string,
  chosen: number[],
) {
  await assertMember(db, team.id, userId);
  const resolved = await resolvePermissionIds(db, chosen);
  if (team.ownerId === userId && !resolved.owner) {
    const ownerId = idsOfCodes(await loadCatalogue(db), [OWNER_PERMISSION]);
    resolved.ids.push(...ownerId);
    resolved.owner = true;
  }
  await replaceMemberPermissions(db, { teamId: team.id, userId, ...resolved });
}

/** The permission routes: the catalogue, one member's set, and replacing it. */
export function createPermissionsService(ctx: AppContext) {
  const { db, events } = ctx;
  return {
    async catalogue(userId: string, teamId?: string) {
      if (teamId) await authorizeTeam(db, userId, teamId, canView);
      return defaultPermissionList(db);
    },

    /** Owners read anyone's set; a member reads their own (teams.policy.ts memberPermissionsPolicy). */
    async ofMember({ team }: TeamAccess, memberId: string) {
      return memberPermissionList(db, team, memberId);
    },

    async set({ team }: TeamAccess, memberId: string, ids: number[]) {
      const teamId = team.id;
      await events.transaction(db, async (tx, emit) => {
        const before = await heldCodes(tx, teamId, memberId);
        await setMemberPermissions(tx, team, memberId, ids);
        const after = await heldCodes(tx, teamId, memberId);
        const wasOwner = before.includes(OWNER_PERMISSION);
        const isOwner = after.includes(OWNER_PERMISSION);
        await recordAudit(tx, {
          teamId,
          action: wasOwner !== isOwner ? 'members.role_changed' : 'members.permissions_changed',
          target: { type: 'user', id: memberId },
          detail: {
            ...(wasOwner !== isOwner
              ? { role: { from: wasOwner ? 'admin' : 'member', to: isOwner ? 'admin' : 'member' } }
              : {}),
            added: after.filter((c) => !before.includes(c)),
            removed: before.filter((c) => !after.includes(c)),
          },
        });
        emit('team.changed', { teamId, addedUserIds: [], removedUserIds: [] });
      });
      return { message: MSG.permissionsUpdated };
    },
  };
}
