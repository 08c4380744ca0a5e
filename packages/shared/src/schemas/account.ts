import { z } from 'zod';

/** A team as the switcher and the user fetch show it (spec 002 §3 Team). */
export const teamSummary = z.object({
  team_db_id: z.string(),
  team_id: z.string(),
  name: z.string(),
  is_admin: z.boolean(),
  is_personal: z.boolean(),
  no_of_users: z.number(),
  created_on: z.string(),
  is_active: z.boolean(),
  subscription: z.string(),
  two_factor_authentication_enabled: z.boolean(),
});
export type TeamSummary = z.infer<typeof teamSummary>;

/** The current user (spec 002 §3 User), with teams. */
export const currentUser = z.object({
  user_id: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  email: z.string(),
  user_badge_color: z.string(),
  waiting_time: z.number(),
  is_subscription_upgrade_in_progress: z.boolean(),
  two_factor_authentication_enabled: z.boolean(),
  is_two_factor_authentication_enabled_by_team: z.boolean(),
  organisation_db_id: z.string(),
  teams: z.array(teamSummary),
  /** the team the user last switched to, on any device, while still theirs (resolveTeam) */
  last_team_db_id: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** A stored e-mail of the dev outbox (embedded default, no SMTP). */
export const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_on: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

export const outboxAnswer = z.object({
  mails: z.array(outboxMail),
  /** true: only clients on the server's own machine may read it (MAIL_OUTBOX_REMOTE off) */
  local_only: z.boolean(),
});
export type OutboxAnswer = z.infer<typeof outboxAnswer>;
