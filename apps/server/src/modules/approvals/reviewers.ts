import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  MSG,
  REVIEWER_BADGE,
  REVIEWER_PERMISSIONS,
  projectPermissionIds,
  type ReviewerSearchQuery,
  type ReviewerSearchResult,
  displayName,
} from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { projectMembers, teamMembers, users } from '../../db/schema/index.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { escapeLike, SEARCH_LIMIT } from '../../db/search.ts';
import { nameSql } from '../users/index.ts';
import type { Emit } from '../../platform/events/bus.ts';
import {
  canManageCollaborators,
  insertProjectMember,
  setMemberBadge,
  type ProjectAccess,
} from '../projects/index.ts';

const nameOf = (u: { firstName: string; lastName: string }) => displayName(u.firstName, u.lastName);

/**
 * People to ask on an asset of this project (spec 000 §7): the users of the project's team and
 * the project's members, by name or e-mail (contains, case-insensitive), the caller excluded; each
 * says whether they are in the project. The team is the project's own: the selected team the spec
 * sends (team_id) is accepted, but a project member whose selected team is another still searches
 * the project's team.
 */
export async function searchReviewers(
  db: DbOrTx,
  access: ProjectAccess,
  q: ReviewerSearchQuery,
): Promise<ReviewerSearchResult> {
  const { project, userId } = access;
  const needle = `%${escapeLike(q.search_text.trim())}%`;
  const inProject = sql<boolean>`exists (select 1 from ${projectMembers} pm where pm.project_id = ${project.id} and pm.user_id = ${users.id})`;
  const inTeam = sql<boolean>`exists (select 1 from ${teamMembers} tm where tm.team_id = ${project.teamId} and tm.user_id = ${users.id})`;
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, inProject })
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        or(inProject, inTeam),
        or(sql`${nameSql} ilike ${needle}`, sql`${users.email} ilike ${needle}`),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(SEARCH_LIMIT);
  return {
    users: rows.map((r) => ({ user_id: r.id, name: nameOf(r), in_project: Boolean(r.inProject) })),
  };
}

/**
 * People picked by id who are not in the project yet (docs/decisions/0014-behaviours-settled-by-user-trial.md): users of the project's
 * team join it as collaborators with the reviewer badge and no permission codes, when the caller
 * may add collaborators; otherwise the request is refused naming them. Anyone outside both the
 * project and its team is refused ('Choose people from this team'). Answers the ids added.
 */
export async function admitReviewers(
  tx: Tx,
  emit: Emit,
  access: ProjectAccess,
  userIds: string[],
): Promise<string[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const { project } = access;
  const members = await tx
    .select({ id: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, project.id), inArray(projectMembers.userId, ids)));
  const outside = ids.filter((id) => !members.some((m) => m.id === id));
  if (outside.length === 0) return [];
  const teammates = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, project.teamId), inArray(teamMembers.userId, outside)))
    .orderBy(asc(users.firstName), asc(users.lastName));
  if (teammates.length !== outside.length) throw fieldError('user_ids', MSG.reviewerNotInTeam);
  if (!canManageCollaborators(access)) {
    throw fieldError('user_ids', MSG.reviewerNotInProject(teammates.map(nameOf).join(', ')));
  }
  for (const u of teammates) {
    await insertProjectMember(
      tx,
      project.id,
      u.id,
      'collaborator',
      projectPermissionIds(REVIEWER_PERMISSIONS),
    );
  }
  await setMemberBadge(tx, project.id, outside, REVIEWER_BADGE);
  emit('project.changed', {
    projectId: project.id,
    addedUserIds: outside,
    removedUserIds: [],
    members: true,
  });
  return outside;
}
