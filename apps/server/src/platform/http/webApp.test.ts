import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  BOOT_ELEMENT_ID,
  HOME_TRAY_PAGE_SIZE,
  SELECTED_TEAM_COOKIE,
  type CurrentUser,
} from '@rushes/shared';
import { people, person, project, task, type Person } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bootScript } from './bootData.ts';
import { IMMUTABLE } from './hashedAssets.ts';
import { PERSONAL, REVALIDATE, serveWebApp, type BootUser } from './webApp.ts';

// A built web app as apps/web's build leaves it: hashed assets with .br/.gz beside them (precompress.ts).
const JS = `export const answer = ${JSON.stringify('x'.repeat(2000))};\n`;
const HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head></html>';
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'rushes-webdist-'));
  await mkdir(path.join(dist, 'assets'));
  for (const [rel, text] of [
    ['assets/index-AbC123.js', JS],
    ['index.html', HTML],
    ['assets/LoginPage-Lg1.js', JS],
    ['assets/ShellRoute-Sh1.js', JS],
    ['assets/ShellRoute-Sh1.css', 'main{}'],
    ['assets/ProjectPage-Pr1.js', JS],
  ] as const) {
    await writeFile(path.join(dist, rel), text);
    await writeFile(path.join(dist, `${rel}.br`), brotliCompressSync(text));
    await writeFile(path.join(dist, `${rel}.gz`), gzipSync(text));
  }
  // as apps/web/routePreloads.ts writes it
  await writeFile(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({
      routes: [
        { path: '/login', session: false, files: ['/assets/LoginPage-Lg1.js'] },
        { path: '/', session: true, files: ['/assets/ShellRoute-Sh1.css', '/assets/ShellRoute-Sh1.js'] },
        {
          path: '/project/:projectDbId/:folderDbId?',
          session: true,
          files: ['/assets/ShellRoute-Sh1.js', '/assets/ProjectPage-Pr1.js'],
        },
      ],
    }),
  );
  t = await createTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app', () => {
  it('answers a hashed asset in Brotli when accepted, with Vary and a year of immutable caching', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
  });

  it('answers gzip to a browser without Brotli, and the plain file to one with neither', async () => {
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(JS);
  });

  it('answers index.html for app routes, compressed and never cached without revalidation', async () => {
    for (const url of ['/signup', '/projects/123', '/', '/project']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(String(res.headers.vary).toLowerCase(), url).toContain('accept-encoding');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(HTML);
    }
  });

  it('answers 404 for a hashed asset that is not there (a tab older than the deploy), not index.html', async () => {
    const res = await get('/assets/index-Old999.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });

  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  const getWith = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });

  it("adds a public route's chunks to index.html as modulepreload links, compressed, revalidated", async () => {
    const res = await getWith('/login?next=%2F', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(preloads(html)).toEqual(['/assets/LoginPage-Lg1.js']);
    // the rest of index.html is untouched: the entry script still loads
    expect(html).toContain('<script type="module" src="/assets/index-AbC123.js"></script>');
    const gz = await getWith('/login', { 'accept-encoding': 'gzip' });
    expect(preloads(gunzipSync(gz.rawPayload).toString())).toEqual(['/assets/LoginPage-Lg1.js']);
    const plain = await getWith('/login', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(preloads(plain.body)).toEqual(['/assets/LoginPage-Lg1.js']);
    // every preloaded file is served
    expect((await get('/assets/LoginPage-Lg1.js')).statusCode).toBe(200);
  });

  it('preloads a logged-in route only for a browser holding a session cookie, and says the answer varies by it', async () => {
    const signedOut = await getWith('/project/p1', { 'accept-encoding': 'identity' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.body).toBe(HTML);
    expect(String(signedOut.headers.vary).toLowerCase()).toContain('cookie');
    const signedIn = await getWith('/project/p1/f2', {
      cookie: 'rushes_sid=abc',
      'accept-encoding': 'identity',
    });
    expect(preloads(signedIn.body)).toEqual(['/assets/ShellRoute-Sh1.js', '/assets/ProjectPage-Pr1.js']);
    expect(String(signedIn.headers.vary).toLowerCase()).toContain('cookie');
    const home = await getWith('/', { cookie: 'rushes_sid=abc', 'accept-encoding': 'identity' });
    expect(preloads(home.body)).toEqual(['/assets/ShellRoute-Sh1.js']);
    // the page's stylesheet is linked as the preload helper would link it, so it finds it and skips it
    expect(home.body).toContain('<link rel="stylesheet" crossorigin href="/assets/ShellRoute-Sh1.css">');
    expect((await get('/assets/ShellRoute-Sh1.css')).statusCode).toBe(200);
    // a path that only starts like a route is not that route
    const other = await getWith('/project/p1/f2/extra', {
      cookie: 'rushes_sid=abc',
      'accept-encoding': 'identity',
    });
    expect(other.body).toBe(HTML);
  });

  it('starts without preloads when the build wrote a list it cannot read', async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), 'rushes-webdist-bad-'));
    await writeFile(path.join(other, 'index.html'), HTML);
    for (const list of [
      '{not json',
      JSON.stringify({ routes: [{ path: '/login', session: false, files: ['x"><script>'] }] }),
    ]) {
      await writeFile(path.join(other, 'route-preloads.json'), list);
      const app = await createTestApp({ WEB_DIST: other });
      try {
        const res = await app.app.inject({ method: 'GET', url: '/login' });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(HTML);
      } finally {
        await app.close();
      }
    }
    await rm(other, { recursive: true, force: true });
  }, 90_000);

  const bootOf = (html: string): unknown => {
    const found = html.match(
      new RegExp(`<script type="application/json" id="${BOOT_ELEMENT_ID}">([^<]*)</script>`),
    );
    return found ? JSON.parse(found[1]) : null;
  };

  it('gives a logged-in page exactly what check-login answers the same cookie, and no cache keeps it', async () => {
    const me = await person(t, { firstName: '</script><script>alert(1)</script> & co' });
    const checkLogin = await t.call('GET', API.auth.checkLogin, { cookie: me.cookie });
    expect(checkLogin.status).toBe(200);
    const home = await getWith('/', { cookie: me.cookie, 'accept-encoding': 'gzip' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-encoding']).toBe('gzip');
    expect(home.headers['cache-control']).toBe(PERSONAL);
    expect(String(home.headers.vary).toLowerCase()).toContain('cookie');
    const html = gunzipSync(home.rawPayload).toString();
    // home: its team-free trays too, each exactly what its route answers the same cookie
    const trayAnswer = async (path: string, tray_name: string, extra = '') => {
      const res = await t.call(
        'GET',
        `${path}?tray_name=${tray_name}&entries_per_page=${HOME_TRAY_PAGE_SIZE}${extra}`,
        {
          cookie: me.cookie,
        },
      );
      expect(res.status).toBe(200);
      return res.body.data;
    };
    // no team cookie yet: My Projects of the personal team, as the app would select it
    const personal = (checkLogin.body.data as CurrentUser).teams.find((team) => team.is_personal)!.team_db_id;
    const shell = await t.call('GET', API.shell.config, { cookie: me.cookie });
    expect(shell.status).toBe(200);
    expect(bootOf(html)).toEqual({
      user: checkLogin.body.data,
      shell: shell.body.data,
      trays: {
        my_tasks: await trayAnswer(API.tasks.trays, 'my_tasks'),
        assigned_tasks: await trayAnswer(API.tasks.trays, 'assigned_tasks'),
        shared_assets: await trayAnswer(API.projects.trays, 'shared_assets'),
        collaborated_projects: await trayAnswer(API.projects.trays, 'collaborated_projects'),
        my_projects: {
          team_db_id: personal,
          page: await trayAnswer(API.projects.trays, 'my_projects', `&team_db_id=${personal}`),
        },
      },
    });
    // the name cannot close the element: it is there only as \u escapes
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    // the page's chunks are still preloaded, the entry still loads
    expect(preloads(html)).toEqual(['/assets/ShellRoute-Sh1.js']);
    expect(html).toContain('<script type="module" src="/assets/index-AbC123.js"></script>');
    // another logged-in page: the user and the shell's settings, no trays
    const project = await getWith('/project/p1', { cookie: me.cookie, 'accept-encoding': 'br' });
    expect(bootOf(brotliDecompressSync(project.rawPayload).toString())).toEqual({
      user: checkLogin.body.data,
      shell: shell.body.data,
    });
  });

  it("carries home's trays of the session's own user: a collaborator's task and project, none of them for another", async () => {
    const [owner, editor, outsider] = await people(t, 3);
    const projectId = await project(t, owner, { title: 'Harbour teaser', members: [editor] });
    await task(t, owner, projectId, editor, { description: 'Rough cut, two minutes' });
    const trays = async (who: Person) =>
      (
        bootOf((await getWith('/', { cookie: who.cookie, 'accept-encoding': 'identity' })).body) as {
          trays: Record<string, { data: Record<string, unknown>[]; total_entries: number }>;
        }
      ).trays;
    // My Tasks: those assigned to one; Assigned Tasks: the tasks one assigned
    const editors = await trays(editor);
    expect(editors.my_tasks.data.map((x) => x.description)).toEqual(['Rough cut, two minutes']);
    expect(editors.assigned_tasks.data).toEqual([]);
    expect(editors.collaborated_projects.data.map((x) => x.title)).toEqual(['Harbour teaser']);
    const owners = await trays(owner);
    expect(owners.assigned_tasks.data.map((x) => x.description)).toEqual(['Rough cut, two minutes']);
    expect(owners.collaborated_projects.data).toEqual([]);
    const { my_projects: outsidersProjects, ...outsiders } = (await trays(outsider)) as Record<
      string,
      unknown
    > & { my_projects: { page: unknown } };
    for (const tray of [...Object.values(outsiders), outsidersProjects.page])
      expect(tray).toMatchObject({ data: [], total_entries: 0 });
  });

  it("gives My Projects of the team the browser selected, only among the user's own teams", async () => {
    const [owner, other] = await people(t, 2);
    const teamsOf = async (who: Person) =>
      ((await t.call('GET', API.auth.checkLogin, { cookie: who.cookie })).body.data as CurrentUser).teams;
    const ownTeam = (await teamsOf(owner)).find((team) => team.is_personal)!.team_db_id;
    const othersTeam = (await teamsOf(other)).find((team) => team.is_personal)!.team_db_id;
    await project(t, owner, { title: 'Harbour teaser' });
    const myProjects = async (teamCookie: string) =>
      (
        bootOf(
          (
            await getWith('/', {
              cookie: `${owner.cookie}; ${SELECTED_TEAM_COOKIE}=${teamCookie}`,
              'accept-encoding': 'identity',
            })
          ).body,
        ) as { trays: { my_projects: { team_db_id: string; page: { data: { title: string }[] } } } }
      ).trays.my_projects;
    const own = await myProjects(ownTeam);
    expect(own.team_db_id).toBe(ownTeam);
    expect(own.page.data.map((p) => p.title)).toEqual(['Harbour teaser']);
    // another user's team, or nonsense: the user's personal team, never the other team's projects
    for (const cookie of [othersTeam, 'not-a-team', '%3Cscript%3E']) {
      const fallback = await myProjects(cookie);
      expect(fallback.team_db_id, cookie).toBe(ownTeam);
      expect(fallback.page.data.map((p) => p.title)).toEqual(['Harbour teaser']);
    }
  });

  it('gives no user to a dead or logged-out session, nor on a public page', async () => {
    const me = await person(t);
    const login = await getWith('/login', { cookie: me.cookie, 'accept-encoding': 'identity' });
    expect(bootOf(login.body)).toBeNull();
    expect(login.headers['cache-control']).toBe(REVALIDATE);
    const dead = await getWith('/', { cookie: 'rushes_sid=not-a-session', 'accept-encoding': 'identity' });
    expect(bootOf(dead.body)).toBeNull();
    // its headers go before the session is read: a page that could have carried a user is not stored
    expect(dead.headers['cache-control']).toBe(PERSONAL);
    expect(dead.body).toContain('<script type="module" src="/assets/index-AbC123.js"></script>');
    expect((await t.call('POST', API.auth.logout, { cookie: me.cookie, body: {} })).status).toBe(200);
    const after = await getWith('/', { cookie: me.cookie, 'accept-encoding': 'identity' });
    expect(after.statusCode).toBe(200);
    expect(bootOf(after.body)).toBeNull();
  });

  it('serves the page without its user when reading it fails', async () => {
    const app = Fastify();
    await app.register(cookie);
    let traysAsked = false;
    serveWebApp(app, dist, {
      currentUser: () => Promise.reject(new Error('the database is gone')),
      homeTrays: () => {
        traysAsked = true;
        return Promise.resolve({});
      },
    });
    try {
      const page = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'rushes_sid=abc' } });
      // the app then asks check-login itself; no user, no trays read for anyone
      expect(page.statusCode).toBe(200);
      expect(bootOf(page.body)).toBeNull();
      expect(traysAsked).toBe(false);
      expect(preloads(page.body)).toEqual(['/assets/ShellRoute-Sh1.js']);
    } finally {
      await app.close();
    }
  });

  it('serves home with its user but without trays when reading the trays fails (home asks for them)', async () => {
    const app = Fastify();
    await app.register(cookie);
    const user = { user_id: 'u1', name: 'Ann', teams: [], last_team_db_id: null };
    serveWebApp(app, dist, {
      currentUser: () => Promise.resolve(user),
      homeTrays: () => Promise.reject(new Error('the database is gone')),
    });
    try {
      const page = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'rushes_sid=abc' } });
      expect(page.statusCode).toBe(200);
      expect(bootOf(page.body)).toEqual({ user });
      expect(page.body.endsWith('</html>')).toBe(true);
      expect(page.headers['cache-control']).toBe(PERSONAL);
    } finally {
      await app.close();
    }
  });

  it("sends a logged-in page's code links before its user and trays are read, then the rest", async () => {
    const app = Fastify();
    await app.register(cookie);
    let giveUser: (user: BootUser) => void = () => undefined;
    const userRead = new Promise<BootUser>((resolve) => (giveUser = resolve));
    serveWebApp(app, dist, {
      currentUser: () => userRead,
      shellConfig: () => ({ help_center_url: '/user-guide', build_type: 'web' }),
      homeTrays: () => Promise.resolve({ my_tasks: { data: [] } }),
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(url, { headers: { cookie: 'rushes_sid=abc', 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(PERSONAL);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      // the first part arrives while the user is still being read: the entry and the page's chunks
      const first = decoder.decode((await reader.read()).value, { stream: true });
      expect(first).toContain('<script type="module" src="/assets/index-AbC123.js"></script>');
      expect(preloads(first)).toEqual(['/assets/ShellRoute-Sh1.js']);
      expect(first).not.toContain(BOOT_ELEMENT_ID);
      giveUser({ user_id: 'u1', teams: [], last_team_db_id: null });
      let rest = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        rest += decoder.decode(chunk.value, { stream: true });
      const html = first + rest;
      expect(bootOf(html)).toEqual({
        user: { user_id: 'u1', teams: [], last_team_db_id: null },
        shell: { help_center_url: '/user-guide', build_type: 'web' },
        trays: { my_tasks: { data: [] } },
      });
      expect(html.endsWith('</html>')).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('escapes every character that could end the element or start markup', () => {
    const script = bootScript({ user: { name: '</script><!-- & \u2028' } });
    const json = script.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ user: { name: '</script><!-- & \u2028' } });
  });
});
