import type { FastifyInstance } from 'fastify';
import { API_TOKEN_TEXT, MSG, ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { accessOf } from '../../platform/policies.ts';
import { limit } from '../../platform/http/routes.ts';
import { createInvitesService } from './invites.service.ts';
import { membersRoutes } from './members.routes.ts';
import { createTeamsCommands } from './teams.commands.ts';

/**
 * Team Settings. Who may: any logged-in user lists their own teams, checks the create permission,
 * reads regions and creates; members read a team's detail and plan, and keep it as the team they last
 * switched to; owners update; holders of
 * can_delete_team delete. Every check is in teams.policy.ts.
 */
export function teamsRoutes(ctx: AppContext) {
  const commands = createTeamsCommands(ctx);
  const invites = createInvitesService(ctx);
  const { config } = ctx;

  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.teams.list, async (req) => {
      const userId = userIdOf(req);
      // An API token acts in its one team: it sees that team, not the account's others or their people.
      const tokenTeam = req.session?.teamScope;
      if (req.query.tab === 'users') {
        if (tokenTeam) throw forbidden(API_TOKEN_TEXT.otherTeam);
        return ok({ users: await commands.listUsers(userId) });
      }
      const teams = await commands.listTeams(userId);
      return ok({ teams: tokenTeam ? teams.filter((team) => team.team_db_id === tokenTeam) : teams });
    });

    serve(fastify, ROUTES.teams.create, async (req) => ok(await commands.create(userIdOf(req), req.body)), {
      rateLimit: limit(config, 20),
    });

    serve(
      fastify,
      ROUTES.teams.update,
      async (req) => ok(await commands.update(accessOf(req, 'teams.canUpdate'), req.body)),
      {
        rateLimit: limit(config, 30),
      },
    );

    serve(fastify, ROUTES.teams.remove, async (req) =>
      ok(await commands.remove(accessOf(req, 'teams.canDelete'), req.body)),
    );

    serve(fastify, ROUTES.teams.detail, async (req) =>
      ok({ team: await commands.detail(accessOf(req, 'teams.canView')) }),
    );

    serve(fastify, ROUTES.teams.rememberTeam, async (req) =>
      ok(await commands.rememberTeam(accessOf(req, 'teams.canView'))),
    );

    serve(fastify, ROUTES.teams.checkPermission, async (req) =>
      ok(await commands.checkCreate(userIdOf(req))),
    );

    serve(fastify, ROUTES.teams.regions, async (req) => {
      userIdOf(req);
      return ok(commands.regions());
    });

    serve(fastify, ROUTES.teams.currentPlan, async (req) =>
      ok(await commands.currentPlan(accessOf(req, 'teams.canView'))),
    );

    serve(
      fastify,
      ROUTES.teams.acceptInvite,
      async (req) => {
        const team = await invites.accept(userIdOf(req), req.body.invite_code);
        return ok({ message: MSG.inviteAccepted, team });
      },
      { rateLimit: limit(config, 20) },
    );

    await fastify.register(membersRoutes(ctx));
  };
}
