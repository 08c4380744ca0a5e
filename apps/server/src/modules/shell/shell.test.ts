import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  MSG,
  SUPPORT_CHAT_DELAY_MS,
  type ProductTourState,
  type ShellConfig,
  type SupportChatSettings,
  type TeamShellSettings,
} from '@rushes/shared';
import { createTestApp, makeUser, sessionCookie, type TestApp } from '../../../test/harness.ts';
import { send } from '../../../test/inject.ts';
import { createTeam } from '../teams/teams.service.ts';

let plain: TestApp;
let configured: TestApp;
beforeAll(async () => {
  plain = await createTestApp();
  configured = await createTestApp({
    HELP_CENTER_URL: 'https://help.example.com/rushes',
    BUILD_TYPE: 'app',
    SUPPORT_CHAT_BASE_URL: 'https://chat.example.com/',
    SUPPORT_CHAT_WEBSITE_TOKEN: 'tok_123',
    PRODUCT_TOUR: 'off',
  });
});
afterAll(async () => {
  await plain?.close();
  await configured?.close();
});

async function loggedIn(t: TestApp) {
  const { user } = await makeUser(t.ctx);
  return { user, cookie: await sessionCookie(t.ctx, user) };
}

describe('shell settings and live chat', () => {
  it('answers the defaults: the user guide as help center, the web build, no live chat', async () => {
    const { cookie } = await loggedIn(plain);
    const cfg = await send<ShellConfig>(plain, 'GET', API.shell.config, { cookie });
    expect(cfg.body.data).toEqual({ help_center_url: '/user-guide', build_type: 'web' });
    const chat = await send<SupportChatSettings>(plain, 'GET', API.shell.supportChat, { cookie });
    expect(chat.body.data).toEqual({
      enabled: false,
      provider: null,
      base_url: null,
      website_token: null,
      delay_ms: SUPPORT_CHAT_DELAY_MS,
    });
  });

  it('answers the configured help center, app build and Chatwoot widget, and lets its origin in the CSP', async () => {
    const { cookie } = await loggedIn(configured);
    const cfg = await send<ShellConfig>(configured, 'GET', API.shell.config, { cookie });
    expect(cfg.body.data).toEqual({ help_center_url: 'https://help.example.com/rushes', build_type: 'app' });
    const chat = await send<SupportChatSettings>(configured, 'GET', API.shell.supportChat, { cookie });
    expect(chat.body.data).toMatchObject({
      enabled: true,
      provider: 'chatwoot',
      base_url: 'https://chat.example.com',
      website_token: 'tok_123',
    });
    const csp = String(chat.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/chat\.example\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/chat\.example\.com/);
    const plainCsp = String(
      (await send(plain, 'GET', API.shell.config, {})).headers['content-security-policy'],
    );
    expect(plainCsp).not.toContain('chat.example.com');
  });

  it('refuses anonymous callers', async () => {
    for (const path of [API.shell.config, API.shell.supportChat, API.shell.productTour]) {
      const res = await send(plain, 'GET', path, {});
      expect(res.status).toBe(401);
    }
  });
});

describe('product tour (spec 002 §7)', () => {
  it('shows on first login, not after it is done, and again after a restart; per user', async () => {
    const a = await loggedIn(plain);
    const b = await loggedIn(plain);
    const read = (cookie: string) => send<ProductTourState>(plain, 'GET', API.shell.productTour, { cookie });
    const put = (cookie: string, completed: boolean) =>
      send<ProductTourState>(plain, 'PUT', API.shell.productTour, { cookie, body: { completed } });
    expect((await read(a.cookie)).body.data).toEqual({ show_tour: true });
    expect((await put(a.cookie, true)).body.data).toEqual({ show_tour: false });
    expect((await read(a.cookie)).body.data).toEqual({ show_tour: false });
    expect((await read(b.cookie)).body.data).toEqual({ show_tour: true });
    await put(a.cookie, false);
    expect((await read(a.cookie)).body.data).toEqual({ show_tour: true });
  });

  it('never shows with PRODUCT_TOUR=off, even after a restart', async () => {
    const a = await loggedIn(configured);
    const read = () => send<ProductTourState>(configured, 'GET', API.shell.productTour, { cookie: a.cookie });
    expect((await read()).body.data).toEqual({ show_tour: false });
    await send(configured, 'PUT', API.shell.productTour, { cookie: a.cookie, body: { completed: false } });
    expect((await read()).body.data).toEqual({ show_tour: false });
  });

  it('refuses a body without completed', async () => {
    const a = await loggedIn(plain);
    const res = await send(plain, 'PUT', API.shell.productTour, { cookie: a.cookie, body: {} });
    expect(res.status).toBe(400);
  });
});

describe('team shell settings: F12 blocking is opt-in', () => {
  it('is off by default; owners turn it on; members read it; others are refused', async () => {
    const owner = await loggedIn(plain);
    const member = await loggedIn(plain);
    const outsider = await loggedIn(plain);
    const team = await createTeam(plain.ctx.db, {
      name: 'Kiosk',
      ownerId: owner.user.id,
      memberIds: [member.user.id],
    });
    const read = (cookie: string) =>
      send<TeamShellSettings>(plain, 'GET', API.shell.teamSettings, {
        cookie,
        query: { team_db_id: team.id },
      });
    const write = (cookie: string, on: boolean) =>
      send<TeamShellSettings>(plain, 'PUT', API.shell.teamSettings, {
        cookie,
        body: { team_db_id: team.id, block_dev_tools: on },
      });
    expect((await read(member.cookie)).body.data).toEqual({ block_dev_tools: false });
    expect((await write(owner.cookie, true)).body.data).toEqual({ block_dev_tools: true });
    expect((await read(member.cookie)).body.data).toEqual({ block_dev_tools: true });

    const byMember = await write(member.cookie, false);
    expect(byMember.status).toBe(403);
    const byOutsider = await read(outsider.cookie);
    expect(byOutsider.status).toBe(403);
    expect(byOutsider.body.errormessage).toBe(MSG.noTeamAccess);
    expect((await write(outsider.cookie, false)).status).toBe(403);
    expect((await read(owner.cookie)).body.data).toEqual({ block_dev_tools: true });
  });
});
