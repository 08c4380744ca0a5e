import { randomBytes } from 'node:crypto';
import { API, type Envelope, type ReviewAnswer } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { randomAddress, send } from '../../../test/inject.ts';
import { shareLinkItems, shareLinks } from '../../db/schema/index.ts';
import { sha256 } from '../../platform/auth/secrets.ts';

/**
 * Review links of every kind written straight into the tables (what the share call stores), so the
 * review side is tested apart from the share panel; and the review calls as a browser makes them.
 */
export async function makeLink(
  t: TestApp,
  o: {
    projectId: string;
    kind: 'asset' | 'assets' | 'folder';
    /** the asset, the files in playlist order, or the folder */
    assetIds: string[];
    download?: boolean;
    watermark?: boolean;
  },
) {
  const token = randomBytes(32).toString('base64url');
  const [link] = await t.ctx.db
    .insert(shareLinks)
    .values({
      assetId: o.assetIds[0],
      projectId: o.projectId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + 48 * 3_600_000),
      durationHours: 48,
      kind: o.kind,
      isDownloadAllowed: o.download ?? false,
      watermark: o.watermark ?? false,
    })
    .returning();
  if (o.kind === 'assets')
    await t.ctx.db
      .insert(shareLinkItems)
      .values(o.assetIds.map((assetId, position) => ({ linkId: link.id, assetId, position })));
  return { token, link };
}

export interface Browser {
  cookie?: string;
  remoteAddress?: string;
}

export const showReview = (t: TestApp, token: string, q: Record<string, string> = {}, b: Browser = {}) =>
  send<ReviewAnswer>(t, 'GET', API.review.root, { query: { shared_link: token, ...q }, ...b });

export type OpenReview = Extract<ReviewAnswer, { state: 'open' }>;

export async function openReview(t: TestApp, token: string, q: Record<string, string> = {}, b: Browser = {}) {
  const res = await showReview(t, token, q, b);
  if (res.body.data?.state !== 'open') throw new Error(`review not open: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** GET a review file's bytes (raw, not the JSON envelope). */
export async function fileOf(t: TestApp, url: string, b: Browser = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    remoteAddress: b.remoteAddress ?? randomAddress(),
    headers: b.cookie ? { cookie: b.cookie } : {},
  });
  const json = () => res.json() as Envelope<unknown>;
  return { status: res.statusCode, body: res.rawPayload, headers: res.headers, json };
}

/** `name=value` of the cookies an answer set, joined for the next request. */
export const cookieOf = (setCookie: string[], earlier?: string) =>
  [earlier, ...setCookie.map((c) => c.split(';')[0])].filter(Boolean).join('; ');
