import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { API, CLOUD_API } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { personalAccessTokens } from '../../db/schema/index.ts';
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
  opts: { projectId?: string } = {},
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
    })
    .returning();
  return { row, token };
}

export const listAccessTokens = (db: DbOrTx, userId: string) =>
  db
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, userId))
    .orderBy(desc(personalAccessTokens.createdAt))
    .limit(100);

/** Revokes one of the caller's tokens; false when it is not theirs (or unknown). */
export async function revokeAccessToken(db: DbOrTx, userId: string, id: string) {
  const rows = await db
    .update(personalAccessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(personalAccessTokens.id, id), eq(personalAccessTokens.userId, userId)))
    .returning({ id: personalAccessTokens.id });
  return rows.length > 0;
}

/** The user of a live token in an `Authorization: Bearer` header (and its project scope), or null. */
export async function resolveAccessToken(db: DbOrTx, header: string | undefined) {
  const m = /^Bearer\s+(rsh_[A-Za-z0-9_-]{20,80})$/.exec(header ?? '');
  if (!m) return null;
  const [row] = await db
    .select()
    .from(personalAccessTokens)
    .where(and(eq(personalAccessTokens.tokenHash, sha256(m[1])), isNull(personalAccessTokens.revokedAt)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(personalAccessTokens)
      .set({ lastUsedAt: new Date() })
      .where(eq(personalAccessTokens.id, row.id));
  }
  return { userId: row.userId, tokenId: row.id, projectScope: row.projectId };
}
