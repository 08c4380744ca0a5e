import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  API,
  MSG,
  acceptInviteBody,
  createTeamBody,
  currentPlan,
  deleteTeamBody,
  listTeamsQuery,
  permission,
  teamDetail,
  teamIdQuery,
  teamMember,
  teamSummary,
  updateTeamBody,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { messageReply, ok, replies } from '../../platform/http/envelope.ts';
import { limit, typed } from '../../platform/http/routes.ts';
import { createInvitesService } from './invites.service.ts';
import { membersRoutes } from './members.routes.ts';
import { createTeamsCommands } from './teams.commands.ts';

const tags = ['teams'];
const region = z.object({ region: z.string(), region_name: z.string() });

/** A row of the Team Settings table: the summary, its region and up to 4 member avatars. */
export const settingsTeam = teamSummary.extend({
  aws_config: region.nullable(),
  detail: z.object({
    avatars: z.array(z.object({ user_db_id: z.string(), name: z.string(), user_badge_color: z.string() })),
  }),
});
export const teamWithDetail = teamSummary.extend({ detail: teamDetail, permissions: z.array(permission) });

/**
 * Team Settings. Who may: any logged-in user lists their own teams, checks the create permission,
 * reads regions and creates; members read a team's detail and plan; owners update; holders of
 * can_delete_team delete. Every check is in teams.policy.ts.
 */
export function teamsRoutes(ctx: AppContext) {
  const commands = createTeamsCommands(ctx);
  const invites = createInvitesService(ctx);
  const { config } = ctx;

  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);

    app.get(
      API.teams.root,
      {
        schema: {
          tags,
          querystring: listTeamsQuery,
          response: replies(
            z.object({ teams: z.array(settingsTeam).optional(), users: z.array(teamMember).optional() }),
          ),
        },
        config: { policy: 'self' },
      },
      async (req) => {
        const userId = userIdOf(req);
        return req.query.tab === 'users'
          ? ok({ users: await commands.listUsers(userId) })
          : ok({ teams: await commands.listTeams(userId) });
      },
    );

    app.post(
      API.teams.root,
      {
        schema: {
          tags,
          body: createTeamBody,
          response: replies(z.object({ message: z.string(), team_db_id: z.string() })),
        },
        config: { policy: 'self', rateLimit: limit(config, 20) },
      },
      async (req) => ok(await commands.create(userIdOf(req), req.body)),
    );

    app.put(
      API.teams.root,
      {
        schema: { tags, body: updateTeamBody, response: messageReply },
        config: { policy: 'teams.canUpdate', rateLimit: limit(config, 30) },
      },
      async (req) => ok(await commands.update(userIdOf(req), req.body)),
    );

    app.delete(
      API.teams.root,
      {
        schema: { tags, body: deleteTeamBody, response: messageReply },
        config: { policy: 'teams.canDelete' },
      },
      async (req) => ok(await commands.remove(userIdOf(req), req.body)),
    );

    app.get(
      API.teams.detail,
      {
        schema: { tags, querystring: teamIdQuery, response: replies(z.object({ team: teamWithDetail })) },
        config: { policy: 'teams.canView' },
      },
      async (req) => ok({ team: await commands.detail(userIdOf(req), req.query.team_id) }),
    );

    app.get(
      API.teams.checkPermission,
      {
        schema: { tags, response: replies(z.object({ can_create_team: z.literal(true) })) },
        config: { policy: 'self' },
      },
      async (req) => ok(await commands.checkCreate(userIdOf(req))),
    );

    app.get(
      API.teams.regions,
      {
        schema: { tags, response: replies(z.object({ aws_configs: z.array(region) })) },
        config: { policy: 'self' },
      },
      async (req) => {
        userIdOf(req);
        return ok(commands.regions());
      },
    );

    app.get(
      API.teams.currentPlan,
      {
        schema: { tags, querystring: teamIdQuery, response: replies(currentPlan) },
        config: { policy: 'teams.canView' },
      },
      async (req) => ok(await commands.currentPlan(userIdOf(req), req.query.team_id)),
    );

    app.post(
      API.teams.acceptInvite,
      {
        schema: {
          tags,
          body: acceptInviteBody,
          response: replies(z.object({ message: z.string(), team: teamSummary })),
        },
        config: { policy: 'self', rateLimit: limit(config, 20) },
      },
      async (req) => {
        const team = await invites.accept(userIdOf(req), req.body.invite_code);
        return ok({ message: MSG.inviteAccepted, team });
      },
    );

    await app.register(membersRoutes(ctx));
  };
}
