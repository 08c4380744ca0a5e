// The local page's server: 127.0.0.1 only, every request carries the random token of the printed URL
// (?t= on the page, the x-rushes-token header on API calls), and the Host header must name this
// loopback address (a DNS-rebinding page would send its own name).
import { readFileSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createApi } from '../api.mjs';
import { forgetLogin, saveLogin } from '../config.mjs';
import { login as deviceLogin } from '../deviceLogin.mjs';
import { refusalOf } from '../rules.mjs';
import { VERSION } from '../version.mjs';

/** The page, embedded by the bundler (esbuild's `with { type: 'text' }`); read from disk under plain node. */
async function pageHtml() {
  try {
    return (await import('./page.html', { with: { type: 'text' } })).default;
  } catch {
    return readFileSync(new URL('./page.html', import.meta.url), 'utf8');
  }
}

const sameToken = (a, b) => {
  const x = Buffer.from(String(a ?? ''));
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

async function readJsonBody(req, max = 64 * 1024) {
  let size = 0;
  const chunks = [];
  for await (const c of req) {
    size += c.length;
    if (size > max) throw Object.assign(new Error('too large'), { status: 413 });
    chunks.push(c);
  }
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
}

export async function startLocalServer({ work, port = 0, log = () => {} }) {
  const token = randomBytes(24).toString('base64url');
  const html = await pageHtml();
  let hosts = [];
  /** The device login in progress: its code for the page, then its end (error or signed in). */
  let device = null;

  const send = (res, status, body, type = 'application/json; charset=utf-8') => {
    res.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'content-security-policy':
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; form-action 'none'; frame-ancestors 'none'",
    });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  async function handle(req, res) {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (!hosts.includes(String(req.headers.host ?? '').toLowerCase()))
      return send(res, 403, { error: 'forbidden host' });
    const given = url.pathname === '/' ? url.searchParams.get('t') : req.headers['x-rushes-token'];
    if (!sameToken(given, token)) return send(res, 403, { error: 'forbidden' });
    const route = `${req.method} ${url.pathname}`;
    const id = url.searchParams.get('id');
    switch (route) {
      case 'GET /':
        return send(res, 200, html, 'text/html; charset=utf-8');
      case 'GET /api/state':
        return send(res, 200, {
          version: VERSION,
          signed_in: work.signedIn(),
          device: device && {
            user_code: device.code?.user_code ?? null,
            verification_uri: device.code?.verification_uri_complete ?? null,
            error: device.error,
          },
          ...work.view(),
        });
      case 'POST /api/login': {
        const body = await readJsonBody(req);
        const login = {
          url: String(body.url ?? '')
            .trim()
            .replace(/\/+$/, ''),
          token: String(body.token ?? '').trim(),
        };
        if (!/^https?:\/\//.test(login.url) || !login.token)
          return send(res, 400, { error: 'Enter the server address and a token' });
        await createApi(login).get('/api/projects/info/mine'); // refused token: 401 below
        saveLogin(login);
        work.connect();
        return send(res, 200, { signed_in: work.signedIn() });
      }
      case 'POST /api/device-login': {
        // Runs on after the answer: the page shows the code and polls the state until signed in.
        const body = await readJsonBody(req);
        const url = String(body.url ?? '').trim();
        device?.abort.abort(new Error('replaced'));
        const current = { code: null, error: null, abort: new AbortController() };
        device = current;
        const shown = new Promise((resolve, reject) => {
          deviceLogin({
            url,
            openBrowser: true,
            log,
            signal: current.abort.signal,
            onCode: (c) => resolve((current.code = c)),
          })
            .then(() => {
              if (device === current) device = null;
              work.connect();
            })
            .catch((err) => {
              current.error = err.message;
              reject(err);
            });
        });
        const code = await shown;
        return send(res, 200, {
          user_code: code.user_code,
          verification_uri: code.verification_uri_complete,
        });
      }
      case 'POST /api/logout':
        forgetLogin();
        work.stop();
        work.connect();
        return send(res, 200, { signed_in: null });
      case 'GET /api/projects':
        if (!work.api()) return send(res, 401, { error: 'not signed in' });
        return send(res, 200, await work.api().get('/api/projects/info/mine'));
      case 'POST /api/files': {
        if (!work.api()) return send(res, 401, { error: 'not signed in' });
        const name = url.searchParams.get('name') ?? '';
        const why = refusalOf(name);
        if (why) return send(res, 400, { error: why });
        const spool = work.spoolDir();
        const abs = path.join(spool.dir, path.basename(name));
        await pipeline(req, createWriteStream(abs));
        const job = await work.addJob({
          id: spool.id,
          abs,
          name,
          project: url.searchParams.get('project') ?? '',
          folder: url.searchParams.get('folder') || '',
        });
        return send(res, 200, job);
      }
      case 'POST /api/jobs/pause':
        return send(res, work.pause(id) ? 200 : 404, {});
      case 'POST /api/jobs/resume':
        return send(res, work.resume(id) ? 200 : 404, {});
      case 'POST /api/jobs/cancel':
        return send(res, (await work.cancel(id)) ? 200 : 404, {});
      case 'POST /api/jobs/clear':
        work.clearDone();
        return send(res, 200, {});
      case 'POST /api/watches': {
        if (!work.api()) return send(res, 401, { error: 'not signed in' });
        const body = await readJsonBody(req);
        return send(
          res,
          200,
          await work.addWatch({
            dir: String(body.dir ?? ''),
            project: String(body.project ?? ''),
            folder: body.folder,
          }),
        );
      }
      case 'DELETE /api/watches':
        return send(res, work.removeWatch(id) ? 200 : 404, {});
      default:
        return send(res, 404, { error: 'not found' });
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      const status = err.status === 401 ? 401 : err.status === 413 ? 413 : 400;
      if (!res.headersSent) send(res, status, { error: err.message });
      else res.destroy();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: bound } = server.address();
  hosts = [`127.0.0.1:${bound}`, `localhost:${bound}`];
  return {
    url: `http://127.0.0.1:${bound}/?t=${token}`,
    port: bound,
    token,
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(r))),
  };
}
