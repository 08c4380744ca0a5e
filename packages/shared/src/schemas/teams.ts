import { z } from 'zod';
import { MSG } from '../rules/messages.ts';
import { TEAM_NAME_LIMIT, USER_SEARCH_MIN } from '../rules/constants.ts';
import { AWS_REGION_CODES } from '../rules/regions.ts';
import { teamSummary } from './account.ts';
import { email, text, uuid } from './fields.ts';

/** Letters, digits, spaces and underscores (spec 002 §5 'no special characters'). */
export const TEAM_NAME_PATTERN = /^[A-Za-z0-9_ ]+$/;

export const teamName = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(TEAM_NAME_LIMIT, MSG.teamNameTooLong)
    .regex(TEAM_NAME_PATTERN, MSG.removeSpecialCharacters);

/** Permission ids; on create/add, absent means the default member set and [] means none. */
const permissionIds = () => z.array(z.number().int().positive()).max(50);
const emails = () => z.array(email()).max(50);
const userIds = () => z.array(uuid()).max(50);

/** `team_id` on the wire is the team's database id (docs/decisions/0005-teams-permissions-plans.md). */
export const teamIdQuery = z.object({ team_id: uuid() });

/** The team the user switched to (PUT teams/last-team), and the answer. */
export const lastTeamBody = z.object({ team_db_id: uuid() });
export const lastTeamAnswer = z.object({ last_team_db_id: z.string() });

export const createTeamBody = z
  .object({
    name: teamName(),
    aws_region: z.enum(AWS_REGION_CODES, { error: MSG.required }),
    is_active: z.boolean().optional(),
    user_emails: emails().default([]),
    user_db_ids: userIds().default([]),
    permissions: permissionIds().optional(),
  })
  .refine((v) => v.user_emails.length + v.user_db_ids.length > 0, {
    message: MSG.required,
    path: ['members'],
  });
export type CreateTeamBody = z.infer<typeof createTeamBody>;

/** Update: the region is locked once the team exists; members optional. */
export const updateTeamBody = z.object({
  team_id: uuid(),
  name: teamName(),
  is_active: z.boolean().optional(),
  user_emails: emails().default([]),
  user_db_ids: userIds().default([]),
  permissions: permissionIds().optional(),
});
export type UpdateTeamBody = z.infer<typeof updateTeamBody>;

export const deleteTeamBody = z.object({ team_id: uuid(), name: text(TEAM_NAME_LIMIT + 70) });

export const listTeamsQuery = z.object({ tab: z.enum(['teams', 'users']).default('teams') });

export const userSearchQuery = z.object({
  search_text: z.string().trim().min(USER_SEARCH_MIN, MSG.noUserFound).max(100, MSG.charLimit100),
  team_id: uuid().optional(),
});

export const addMembersBody = z
  .object({
    team_id: uuid(),
    user_emails: emails().default([]),
    user_db_ids: userIds().default([]),
    permissions: permissionIds().optional(),
  })
  .refine((v) => v.user_emails.length + v.user_db_ids.length > 0, {
    message: MSG.required,
    path: ['members'],
  });
export type AddMembersBody = z.infer<typeof addMembersBody>;

/** PUT removes one member or pending invite (spec 002 §7): by user id or by e-mail. */
export const removeMemberBody = z
  .object({ team_id: uuid(), user_db_id: uuid().optional(), user_email: email().optional() })
  .refine((v) => Boolean(v.user_db_id) !== Boolean(v.user_email), {
    message: MSG.required,
    path: ['user_db_id'],
  });

export const deleteMemberBody = z.object({ team_id: uuid(), user_db_id: uuid() });

export const memberPermissionsQuery = z.object({ team_id: uuid(), user_db_id: uuid() });
export const setMemberPermissionsBody = z.object({
  team_id: uuid(),
  user_db_id: uuid(),
  permissions: permissionIds(),
});

export const acceptInviteBody = z.object({ invite_code: z.string().min(16).max(200) });

// ---- answers ----

export const permission = z.object({
  permission_db_id: z.number(),
  code: z.string(),
  title: z.string(),
  is_selected: z.boolean(),
  is_disabled: z.boolean(),
});
export type Permission = z.infer<typeof permission>;

export const teamMember = z.object({
  user_db_id: z.string(),
  name: z.string(),
  email: z.string(),
  user_badge_color: z.string(),
  created_on: z.string(),
  is_owner: z.boolean(),
  teams: z.array(z.string()),
});
export type TeamMember = z.infer<typeof teamMember>;

export const teamDetail = z.object({
  owners: z.array(teamMember),
  members: z.array(teamMember),
  /** Pending invites: bare e-mails (spec 002 §3). */
  invited_users: z.array(z.string()),
  aws_region: z.object({ region: z.string(), region_name: z.string() }).nullable(),
});
export type TeamDetail = z.infer<typeof teamDetail>;

export const userSearchResult = z.object({ name: z.string(), user_id: z.string(), user_email: z.string() });
export type UserSearchResult = z.infer<typeof userSearchResult>;

export const currentPlan = z.object({
  title: z.string(),
  is_team_plan: z.boolean(),
  project_limit: z.union([z.number(), z.literal(false)]),
  projects: z.number(),
  no_of_concurrent_systems: z.union([z.number(), z.literal(false)]),
  team_limit: z.union([z.number(), z.literal(false)]),
  no_of_teams: z.number(),
  collaborators_limit: z.union([z.number(), z.literal(false)]),
  no_of_collaborators: z.number(),
  machine_hour_limit: z.union([z.number(), z.literal(false)]),
  machines_hours: z.number(),
  storage: z.number(),
});
export type CurrentPlan = z.infer<typeof currentPlan>;

/** A region the team may store in (the Create Team picker). */
export const awsRegionOption = z.object({ region: z.string(), region_name: z.string() });

/** A row of the Team Settings table: the summary, its region and up to 4 member avatars. */
export const settingsTeam = teamSummary.extend({
  aws_config: awsRegionOption.nullable(),
  detail: z.object({
    avatars: z.array(z.object({ user_db_id: z.string(), name: z.string(), user_badge_color: z.string() })),
  }),
});
export const teamWithDetail = teamSummary.extend({ detail: teamDetail, permissions: z.array(permission) });
export const permissionsAnswer = z.object({ permissions: z.array(permission) });
