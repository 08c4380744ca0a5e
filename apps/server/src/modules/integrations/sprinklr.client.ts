import { eq } from 'drizzle-orm';
import { sprinklrTokens } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { guardedFetch, parseTrustedHosts } from '../../platform/http/outbound.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';

/**
 * Sprinklr's API v2, through the outbound guard. Every call carries the bearer token and
 * the app's `key` header; answers are `{ data, errors }`. A 401 refreshes the token once and
 * retries; a 429 waits for Retry-After (at most 5 s, 3 times). One token per API key and
 * environment, stored sealed, refreshed under the row's lock.
 */
export class SprinklrError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SprinklrError';
  }
}

/** Environments (spec 002 §4: Production is an explicit choice; its path prefix is empty). */
export const SPRINKLR_ENVIRONMENTS = [
  { value: 'prod', label: 'Production' },
  ...[
    'prod0',
    'prod2',
    'prod3',
    'prod4',
    'prod5',
    'prod6',
    'prod8',
    'prod11',
    'prod12',
    'prod15',
    'prod16',
    'prod19',
    'prod21',
  ].map((v) => ({ value: v, label: v.toUpperCase() })),
];
export const isEnvironment = (env: string) => SPRINKLR_ENVIRONMENTS.some((e) => e.value === env);

const prefixOf = (env: string) => (env === 'prod' ? '' : `/${env}`);
const tokenId = (ctx: AppContext, env: string) => `${ctx.config.SPRINKLR_API_KEY}:${env}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createSprinklrClient(ctx: AppContext) {
  const fetcher = guardedFetch({ trustedHosts: parseTrustedHosts(ctx.config.OUTBOUND_TRUSTED_HOSTS) });
  const box = secretBoxFor(ctx.config, ctx.secret);
  const base = ctx.config.SPRINKLR_API_URL.replace(/\/+$/, '');

  async function refreshToken(env: string, refresh: string) {
    const res = await fetcher(`${base}${prefixOf(env)}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: ctx.config.SPRINKLR_API_KEY,
        client_secret: ctx.config.SPRINKLR_API_SECRET,
        grant_type: 'refresh_token',
        refresh_token: refresh,
      }).toString(),
    });
    const json = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
    };
    if (!res.ok || !json.access_token) throw new SprinklrError(res.status, 'Sprinklr token refresh failed');
    return {
      access: json.access_token,
      refresh: json.refresh_token ?? refresh,
      expiresIn: json.expires_in ?? 3600,
    };
  }

  /**
   * The environment's token, refreshed when it expires within a minute (or when `stale`, the token a 401 refused, is still the stored one): the row is
   * locked for the refresh, so a second caller waits and then reads the new token.
   */
  async function token(env: string, stale?: string): Promise<string> {
    const id = tokenId(ctx, env);
    return ctx.db.transaction(async (tx) => {
      await tx
        .insert(sprinklrTokens)
        .values({
          id,
          sealedAccess: box.seal(''),
          sealedRefresh: box.seal(ctx.config.SPRINKLR_REFRESH_TOKEN),
          expiresAt: new Date(0),
        })
        .onConflictDoNothing();
      const [row] = await tx.select().from(sprinklrTokens).where(eq(sprinklrTokens.id, id)).for('update');
      const current = box.open(row.sealedAccess);
      // a token another caller refreshed meanwhile is used as it is (one refresh per expiry)
      if (current && current !== stale && row.expiresAt.getTime() > Date.now() + 60_000) return current;
      const next = await refreshToken(env, box.open(row.sealedRefresh));
      await tx
        .update(sprinklrTokens)
        .set({
          sealedAccess: box.seal(next.access),
          sealedRefresh: box.seal(next.refresh),
          expiresAt: new Date(Date.now() + next.expiresIn * 1000),
          updatedAt: new Date(),
        })
        .where(eq(sprinklrTokens.id, id));
      return next.access;
    });
  }

  async function request<T>(env: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let refreshed = false;
    let stale: string | undefined;
    for (let attempt = 0; ; attempt++) {
      const access = await token(env, stale);
      stale = undefined;
      const res = await fetcher(
        `${base}${prefixOf(env)}${path.startsWith('/api/') ? path : `/api/v2${path}`}`,
        {
          method,
          headers: {
            authorization: `Bearer ${access}`,
            key: ctx.config.SPRINKLR_API_KEY,
            accept: 'application/json',
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        },
      );
      const json = (await res.json().catch(() => ({}))) as { data?: T; errors?: { message?: string }[] };
      if (res.ok) return json.data as T;
      const message = json.errors?.[0]?.message || `Sprinklr answered ${res.status}`;
      if (res.status === 401 && !refreshed) {
        refreshed = true;
        stale = access;
        continue;
      }
      if (res.status === 429 && attempt < 3) {
        const wait = Math.min(Number(res.headers.get('retry-after') ?? '1') || 1, 5);
        await sleep(wait * 1000);
        continue;
      }
      throw new SprinklrError(res.status, message);
    }
  }

  return {
    businessUnits: (env: string) =>
      request<{ id: number | string; name: string }[]>(env, 'GET', '/me/accessible-clients'),
    agencies: (env: string) => request<{ id: string; name: string }[]>(env, 'GET', '/me/agencies'),
    defaultCampaign: (env: string) => request<{ id: string } | null>(env, 'GET', '/campaign/default'),
    campaign: (env: string, id: string) =>
      request<{ id: string; name: string; status: string; archived: boolean; deleted: boolean }>(
        env,
        'GET',
        `/campaign/${encodeURIComponent(id)}`,
      ),
    /**
     * Sprinklr's documented asset import (async): POST /api/v1/sam/importUrl/async with the query
     * parameters importType, url and uploadTrackerId (a unique id of ours: the transfer item's, so a
     * retried share names the same import). The answer's shape is not documented publicly.
     */
    uploadFromUrl: (env: string, input: { url: string; importType: string; trackerId: string }) =>
      request<{ taskId: string; status: string }>(
        env,
        'POST',
        `/api/v1/sam/importUrl/async?${new URLSearchParams({
          importType: input.importType,
          url: input.url,
          uploadTrackerId: input.trackerId,
        })}`,
      ),
    uploadTask: (env: string, taskId: string) =>
      request<{ taskId: string; status: string; uploadId?: string }>(
        env,
        'GET',
        `/asset-manager/upload/task/${encodeURIComponent(taskId)}`,
      ),
    createAsset: (
      env: string,
      input: { campaignId: string; name: string; uploadId: string; description: string },
    ) => request<{ id: string }>(env, 'POST', '/asset', input),
  };
}
