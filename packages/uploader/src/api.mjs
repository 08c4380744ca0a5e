// The server's JSON API as the uploader calls it: a personal access token (api-type 'uploader')
// reaches the upload protocol and project info only.

export class Refused extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

export function createApi({ url, token }) {
  const base = url.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${token}`, 'api-type': 'uploader', 'api-version': '1' };
  async function call(method, apiPath, payload, signal) {
    const target = new URL(base + apiPath);
    const init = { method, headers: { ...headers }, signal };
    if (method === 'GET') {
      for (const [k, v] of Object.entries(payload ?? {})) target.searchParams.set(k, v);
    } else {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(payload ?? {});
    }
    const res = await fetch(target, init);
    const body = await res.json().catch(() => ({}));
    if (!res.ok || body.response === false)
      throw new Refused(body.errormessage || `HTTP ${res.status}`, res.status);
    return body.data;
  }
  return {
    base,
    /** An absolute URL for a path the server answered (signed part URLs are relative on our driver). */
    abs: (u) => (/^https?:/.test(u) ? u : base + u),
    get: (p, q, signal) => call('GET', p, q, signal),
    post: (p, b, signal) => call('POST', p, b, signal),
    del: (p, b, signal) => call('DELETE', p, b, signal),
  };
}
