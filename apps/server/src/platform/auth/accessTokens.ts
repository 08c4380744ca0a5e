import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API, CLOUD_API, type ApiScope } from '@rushes/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { personalAccessTokens, teams } from '../../db/schema/index.ts';
import { sha256 } from './secrets.ts';

/** 'rsh_' + 40 base62-ish characters (240 bits); only its SHA-256 is stored. */
const PREFIX = 'rsh_';
const TOUCH_EVERY_MS = 60_000;

/** What a token may reach: the upload protocol and the project info the uploader reads. */
export const TOKEN_PATHS = [API.uploads.root, API.projects.info];
/**
 * What a project-scoped token (a cloud workstation's agent) reaches besides: version stacks and the
 * agent's own routes. Its project is enforced by the route's policy (`assertProjectScope`).
 */
export const SCOPED_TOKEN_PATHS = [...TOKEN_PATHS, API.shares.versions, CLOUD_API.agent];
const under = (paths: readonly string[], url: string) => {
  const path = url.split('?')[0];
  return paths.some((p) => path === p || path.startsWith(`${p}/`));
};
/** Whether a token of either kind may reach the URL (`scoped`: a project-scoped one). */
export const tokenMayReach = (url: string, scoped = false) =>
  under(scoped ? SCOPED_TOKEN_PATHS : TOKEN_PATHS, url);

export async function createAccessToken(
  db: DbOrTx,
  userId: string,
  name: string,
  opts: { projectId?: string; teamId?: string; scopes?: readonly ApiScope[] } = {},
) {
  const token = `${PREFIX}${randomBytes(30).toString('base64url')}`;
  const [row] = await db
    .insert(personalAccessTokens)
    .values({
      userId,
      name,
      tokenHash: sha256(token),
      prefix: token.slice(0, 10),
      projectId: opts.projectId ?? null,
      // an API token (with a team) carries the chosen scopes; the uploader's and agent's keep {upload}
      ...(opts.teamId && opts.scopes ? { teamId: opts.teamId, scopes: [...new Set(opts.scopes)] } : {}),
    })
    .returning();
  return { row, token };
}

export const listAccessTokens = (db: DbOrTx, userId: string) =>
  db
    .select({ token: personalAccessTokens, teamName: teams.name })
    .from(personalAccessTokens)
    .leftJoin(teams, eq(teams.id, personalAccessTokens.teamId))
    .where(eq(personalAccessTokens.userId, userId))
    .orderBy(desc(personalAccessTokens.createdAt))
    .limit(100);

/** Revokes one of the caller's live tokens; null when it is not theirs, unknown or already revoked. */
export async function revokeAccessToken(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .update(personalAccessTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(personalAccessTokens.id, id),
        eq(personalAccessTokens.userId, userId),
        isNull(personalAccessTokens.revokedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** A live token as the guard sees it. */
export interface ResolvedToken {
  userId: string;
  tokenId: string;
  name: string;
  /** a cloud workstation agent's project, or null */
  projectScope: string | null;
  /** an API token's team, or null (the uploader's and agent's tokens) */
  teamId: string | null;
  scopes: ApiScope[];
}

/** Written in the transaction of a token's (at most once a minute) last-use touch: the audit entry. */
export type TokenTouched = (tx: DbOrTx, token: ResolvedToken) => Promise<void>;

/**
 * The live token of an `Authorization: Bearer` header, or null. Read from the database on every call
 * (no cache), so a revoked token is refused at once on every node. Its last use is written at most
 * once a minute: the conditional UPDATE lets one node of many win, and `touched` runs in that
 * transaction (the audit's api.token_used entry, one per token per minute).
 */
export async function resolveAccessToken(
  db: Db,
  header: string | undefined,
  touched?: TokenTouched,
): Promise<ResolvedToken | null> {
  const m = /^Bearer\s+(rsh_[A-Za-z0-9_-]{20,80})$/.exec(header ?? '');
  if (!m) return null;
  const [row] = await db
    .select()
    .from(personalAccessTokens)
    .where(and(eq(personalAccessTokens.tokenHash, sha256(m[1])), isNull(personalAccessTokens.revokedAt)))
    .limit(1);
  if (!row) return null;
  const token: ResolvedToken = {
    userId: row.userId,
    tokenId: row.id,
    name: row.name,
    projectScope: row.projectId,
    teamId: row.teamId,
    scopes: row.scopes as ApiScope[],
  };
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.transaction(async (tx) => {
      const won = await tx
        .update(personalAccessTokens)
        .set({ lastUsedAt: new Date() })
        .where(
          and(
            eq(personalAccessTokens.id, row.id),
            or(
              isNull(personalAccessTokens.lastUsedAt),
              lt(
                personalAccessTokens.lastUsedAt,
                sql`now() - make_interval(secs => ${TOUCH_EVERY_MS / 1000})`,
              ),
            ),
          ),
        )
        .returning({ id: personalAccessTokens.id });
      if (won.length > 0) await touched?.(tx, token);
    });
  }
  return token;
}
