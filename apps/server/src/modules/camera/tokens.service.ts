import { MSG, type AccessToken, type ApiScope } from '@rushes/shared';
import { iso } from '../../db/rows.ts';
import type { personalAccessTokens } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  createAccessToken,
  listAccessTokens,
  revokeAccessToken,
  type ResolvedToken,
} from '../../platform/auth/accessTokens.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { authorizeTeam, canView } from '../teams/index.ts';

type TokenRow = typeof personalAccessTokens.$inferSelect;

export const presentToken = (r: TokenRow, teamName: string | null = null): AccessToken => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes as ApiScope[],
  team: r.teamId ? { id: r.teamId, name: teamName ?? '' } : null,
  created_on: iso(r.createdAt),
  last_used_on: r.lastUsedAt ? iso(r.lastUsedAt) : null,
  revoked: r.revokedAt !== null,
});

/**
 * The caller's personal access tokens (account settings; the uploader's login). A token with a team is
 * an API token: creating and revoking it are in that team's audit log.
 */
export function createTokensService(ctx: AppContext) {
  return {
    async list(userId: string) {
      const rows = await listAccessTokens(ctx.db, userId);
      return { tokens: rows.map((r) => presentToken(r.token, r.teamName)) };
    },
    async create(userId: string, body: { name: string; team_db_id?: string; scopes?: ApiScope[] }) {
      // an API token (scopes given) only in one of the caller's own teams (403 otherwise, as any team
      // route); without scopes, the uploader's token, whatever team the web client adds to the call
      const team =
        body.scopes && body.team_db_id
          ? (await authorizeTeam(ctx.db, userId, body.team_db_id, canView)).team
          : null;
      return ctx.db.transaction(async (tx) => {
        const { row, token } = await createAccessToken(tx, userId, body.name, {
          ...(team && { teamId: team.id, scopes: body.scopes }),
        });
        if (team)
          await recordAudit(tx, {
            teamId: team.id,
            action: 'api.token_created',
            target: { type: 'api_token', id: row.id, label: row.name },
            detail: { scopes: row.scopes, prefix: row.prefix },
          });
        return { message: MSG.tokenCreated, token, access_token: presentToken(row, team?.name ?? null) };
      });
    },
    async revoke(userId: string, id: string) {
      await ctx.db.transaction(async (tx) => {
        const row = await revokeAccessToken(tx, userId, id);
        if (!row) throw notFound(MSG.tokenNotFound);
        if (row.teamId)
          await recordAudit(tx, {
            teamId: row.teamId,
            action: 'api.token_revoked',
            target: { type: 'api_token', id: row.id, label: row.name },
            detail: { prefix: row.prefix },
          });
      });
      return { message: MSG.tokenRevoked };
    },
  };
}

/**
 * The audit entry of an API token's use, written with its last-use touch (at most once a minute per
 * token, not once per call: the log shows when a token was active without one row per request).
 * The uploader's and agent's tokens (no team) have no team log to write to.
 */
export async function apiTokenUsed(tx: DbOrTx, token: ResolvedToken) {
  if (!token.teamId) return;
  await recordAudit(tx, {
    teamId: token.teamId,
    action: 'api.token_used',
    target: { type: 'api_token', id: token.tokenId, label: token.name },
    actor: { id: token.userId, kind: 'token', tokenId: token.tokenId },
  });
}
