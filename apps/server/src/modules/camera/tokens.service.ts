import { MSG, type AccessToken } from '@rushes/shared';
import { iso } from '../../db/rows.ts';
import type { personalAccessTokens } from '../../db/schema/index.ts';
import { createAccessToken, listAccessTokens, revokeAccessToken } from '../../platform/auth/accessTokens.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';

type TokenRow = typeof personalAccessTokens.$inferSelect;

export const presentToken = (r: TokenRow): AccessToken => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  created_on: iso(r.createdAt),
  last_used_on: r.lastUsedAt ? iso(r.lastUsedAt) : null,
  revoked: r.revokedAt !== null,
});

/** The caller's personal access tokens (account settings; the uploader's login). */
export function createTokensService(ctx: AppContext) {
  return {
    async list(userId: string) {
      return { tokens: (await listAccessTokens(ctx.db, userId)).map(presentToken) };
    },
    async create(userId: string, name: string) {
      const { row, token } = await createAccessToken(ctx.db, userId, name);
      return { message: MSG.tokenCreated, token, access_token: presentToken(row) };
    },
    async revoke(userId: string, id: string) {
      if (!(await revokeAccessToken(ctx.db, userId, id))) throw notFound(MSG.tokenNotFound);
      return { message: MSG.tokenRevoked };
    },
  };
}
