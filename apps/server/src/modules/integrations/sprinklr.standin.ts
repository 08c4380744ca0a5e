import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

/**
 * A local stand-in for Sprinklr's public API v2, for tests (started on a loopback port). It answers
 * as Sprinklr documents: an environment prefix in the path ('' for production, `/prod2`, …), bearer
 * token plus `key` header, the `{ data, errors }` envelope, 401 for a missing or expired token, 403
 * for a wrong key, 421 for a token used in another environment, 429 with Retry-After when asked to,
 * campaigns APPROVED / DRAFT / archived / deleted, and asset uploads from a URL as async tasks
 * (IN_PROGRESS, then COMPLETED) before the asset is created with its campaign id.
 */
export interface StandinCampaign {
  id: string;
  name: string;
  status: 'APPROVED' | 'DRAFT';
  archived?: boolean;
  deleted?: boolean;
}

export const STANDIN_KEY = 'standin-api-key';
export const STANDIN_SECRET = 'standin-api-secret';
export const STANDIN_REFRESH = 'standin-refresh-0';

export async function startSprinklrStandin(opts: { tokenSeconds?: number } = {}) {
  const tokenSeconds = opts.tokenSeconds ?? 3600;
  const tokens = new Map<string, { env: string; expires: number }>();
  let refresh = STANDIN_REFRESH;
  const campaigns = new Map<string, StandinCampaign>([
    ['C-APPROVED', { id: 'C-APPROVED', name: 'Summer Launch', status: 'APPROVED' }],
    ['C-DRAFT', { id: 'C-DRAFT', name: 'Winter Teaser', status: 'DRAFT' }],
    ['C-ARCHIVED', { id: 'C-ARCHIVED', name: 'Old Spring', status: 'APPROVED', archived: true }],
    ['C-DELETED', { id: 'C-DELETED', name: 'Gone', status: 'APPROVED', deleted: true }],
  ]);
  const tasks = new Map<string, { polls: number; url: string; name: string }>();
  const assets: { id: string; campaignId: string; name: string; uploadId: string; url: string }[] = [];
  const calls: { method: string; path: string; auth: string; key: string }[] = [];
  let throttleNext = 0;
  let refreshes = 0;

  const send = (
    res: http.ServerResponse,
    status: number,
    data: unknown,
    errors: unknown[] = [],
    headers = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ data, errors }));
  };
  const body = async (req: http.IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(text));
    return text ? (JSON.parse(text) as Record<string, string>) : {};
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const m = /^(?:\/(prod\d+))?(\/.*)$/.exec(url.pathname)!;
      const env = m[1] ?? 'prod';
      const path = m[2];
      calls.push({
        method: req.method ?? '',
        path: url.pathname,
        auth: String(req.headers.authorization ?? ''),
        key: String(req.headers.key ?? ''),
      });
      if (path === '/oauth/token' && req.method === 'POST') {
        const b = await body(req);
        if (b.client_id !== STANDIN_KEY || b.client_secret !== STANDIN_SECRET)
          return send(res, 401, null, [{ message: 'invalid client' }]);
        if (b.grant_type !== 'refresh_token' || b.refresh_token !== refresh)
          return send(res, 401, null, [{ message: 'invalid refresh token' }]);
        refreshes += 1;
        const access = `tok-${randomUUID()}`;
        refresh = `standin-refresh-${refreshes}`;
        tokens.set(access, { env, expires: Date.now() + tokenSeconds * 1000 });
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            access_token: access,
            refresh_token: refresh,
            expires_in: tokenSeconds,
            token_type: 'Bearer',
          }),
        );
      }
      if (req.headers.key !== STANDIN_KEY) return send(res, 403, null, [{ message: 'Developer Inactive' }]);
      const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
      const known = tokens.get(token);
      if (!known || known.expires < Date.now()) return send(res, 401, null, [{ message: 'Unauthorized' }]);
      if (known.env !== env) return send(res, 421, null, [{ message: 'Misdirected Request' }]);
      if (throttleNext > 0) {
        throttleNext -= 1;
        return send(res, 429, null, [{ message: 'Developer Over Qps' }], { 'retry-after': '0' });
      }
      if (path === '/api/v2/me/accessible-clients' && req.method === 'GET')
        return send(res, 200, [
          { id: 101, name: 'Brand India' },
          { id: 102, name: 'Brand Global' },
        ]);
      if (path === '/api/v2/me/agencies' && req.method === 'GET')
        return send(res, 200, [{ id: 'A-1', name: 'Blue Agency' }]);
      if (path === '/api/v2/campaign/default' && req.method === 'GET')
        return send(res, 200, { id: 'C-APPROVED' });
      const campaign = /^\/api\/v2\/campaign\/([^/]+)$/.exec(path);
      if (campaign && req.method === 'GET') {
        const c = campaigns.get(decodeURIComponent(campaign[1]));
        if (!c) return send(res, 404, null, [{ message: 'Campaign not found' }]);
        return send(res, 200, {
          id: c.id,
          name: c.name,
          status: c.status,
          archived: Boolean(c.archived),
          deleted: Boolean(c.deleted),
        });
      }
      // Sprinklr's documented async import: query parameters importType, url, uploadTrackerId.
      if (path === '/api/v1/sam/importUrl/async' && req.method === 'POST') {
        const q = new URL(req.url ?? '/', 'http://standin').searchParams;
        const [importType, url, trackerId] = ['importType', 'url', 'uploadTrackerId'].map(
          (k) => q.get(k) ?? '',
        );
        if (!importType || !url || !trackerId)
          return send(res, 400, null, [{ message: 'importType, url and uploadTrackerId are required' }]);
        const taskId = `T-${randomUUID().slice(0, 8)}`;
        tasks.set(taskId, { polls: 0, url, name: trackerId });
        return send(res, 200, { taskId, status: 'IN_PROGRESS' });
      }
      const task = /^\/api\/v2\/asset-manager\/upload\/task\/([^/]+)$/.exec(path);
      if (task && req.method === 'GET') {
        const t = tasks.get(task[1]);
        if (!t) return send(res, 404, null, [{ message: 'Task not found' }]);
        t.polls += 1;
        return t.polls < 2
          ? send(res, 200, { taskId: task[1], status: 'IN_PROGRESS' })
          : send(res, 200, { taskId: task[1], status: 'COMPLETED', uploadId: `U-${task[1]}` });
      }
      if (path === '/api/v2/asset' && req.method === 'POST') {
        const b = await body(req);
        const c = campaigns.get(b.campaignId);
        if (!c || c.deleted || c.archived) return send(res, 400, null, [{ message: 'Invalid campaign' }]);
        const uploadTask = [...tasks.entries()].find(([id]) => `U-${id}` === b.uploadId);
        const id = `AS-${assets.length + 1}`;
        assets.push({
          id,
          campaignId: b.campaignId,
          name: b.name,
          uploadId: b.uploadId,
          url: uploadTask?.[1].url ?? '',
        });
        return send(res, 200, { id });
      }
      return send(res, 404, null, [{ message: 'Not Found' }]);
    })().catch((err: unknown) => send(res, 500, null, [{ message: String(err) }]));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    campaigns,
    assets,
    calls,
    get refreshes() {
      return refreshes;
    },
    /** The next n API calls answer 429. */
    throttle(n: number) {
      throttleNext = n;
    },
    /** Every token issued so far stops working (the next call gets 401). */
    expireTokens() {
      for (const t of tokens.values()) t.expires = 0;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
