import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, WebSocketRoute } from 'playwright-core';
import { API, API_TYPE, API_VERSION, MSG, UI } from '@rushes/shared';
import { codeIn, contextOptions, e2eAvailable, mailTo, shot } from './browser.ts';
import { DEMO_EDITOR, DEMO_PRODUCER, logIn, newPerson, signUpAndVerify, type Person } from './people.ts';
import { dialog, gone, visible } from './projectSteps.ts';
import { serverAndBrowser, startServer } from './server.ts';

/**
 * Defects of the shell: Create Team offered in an empty Teams list, the forced
 * two-factor switch named once, at most 3 toasts at any moment, and an inactivity logout that
 * only user input restarts (not a refetch after a realtime reconnect).
 */
const FLOW = 'shell-defects';
const OWNER = DEMO_PRODUCER;
const EDITOR = DEMO_EDITOR;

const run = serverAndBrowser(startServer);

/** A state-changing call with the page's session. */
async function send(page: Page, method: 'POST' | 'PUT', path: string, data: Record<string, unknown>) {
  const res = await page.request.fetch(`${run.server.url}${path}`, {
    method,
    headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
    data,
  });
  const body = (await res.json()) as {
    response: boolean;
    data: Record<string, unknown>;
    errormessage: string;
  };
  expect(body.errormessage).toBe('');
  return body.data;
}

describe.skipIf(!e2eAvailable)('shell defects: empty teams, forced 2FA switch, toasts, inactivity', () => {
  const newcomer: Person = newPerson('Tara', 'Iyer');
  let page: Page;

  beforeAll(async () => {
    page = await (await run.browser.newContext(contextOptions)).newPage();
    page.setDefaultTimeout(15_000);
  });

  it('a brand-new account is offered Create Team in its empty Teams list', async () => {
    await signUpAndVerify(page, run.server.url, newcomer);
    await logIn(page, run.server.url, newcomer);
    await page.goto(`${run.server.url}/settings`);
    await visible(page.getByText(MSG.noResultsFound));
    await visible(page.getByText(UI.noTeamsHint));
    await shot(page, FLOW, '01-empty-teams-create');
    await page.getByRole('button', { name: UI.createTeam, exact: true }).click();
    const form = dialog(page, UI.createTeam);
    await visible(form.getByRole('button', { name: UI.create }));
    await page.keyboard.press('Escape');
    await gone(form);
  });

  it('the forced two-factor switch is named by its label only; the note describes it', async () => {
    const me = (await (await page.request.get(`${run.server.url}${API.auth.checkLogin}`)).json()) as {
      data: { user_id: string };
    };
    // the demo owner makes a team with the newcomer and enforces two-factor on it
    const owner = await (await run.browser.newContext(contextOptions)).newPage();
    await logIn(owner, run.server.url, OWNER);
    const team = await send(owner, 'POST', API.teams.root, {
      name: `Secure ${Date.now() % 10_000}`,
      aws_region: 'eu-west-1',
      user_db_ids: [me.data.user_id],
      user_emails: [],
    });
    const teamDbId = team.team_db_id as string;
    const sentAfter = Date.now() - 1000;
    await send(owner, 'POST', API.account.twoFactorSend, { scope: 'team', team_id: teamDbId });
    const mail = await mailTo(run.server.url, OWNER.email, sentAfter);
    await send(owner, 'PUT', API.account.twoFactorVerify, {
      scope: 'team',
      team_id: teamDbId,
      team_db_id: teamDbId,
      otp: codeIn(mail.text),
      two_factor_authentication_enabled: true,
    });
    await owner.context().close();

    await page.reload();
    await page.getByRole('button', { name: UI.userMenu }).click();
    await page.getByRole('menuitem', { name: UI.accountSettings }).click();
    const panel = dialog(page, UI.accountSettings);
    const toggle = panel.getByRole('switch', { name: UI.twoFactor, exact: true });
    await visible(toggle);
    expect(await toggle.isChecked()).toBe(true);
    expect(await toggle.isDisabled()).toBe(true);
    const description = await toggle.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim(),
    );
    expect(description).toBe(MSG.twoFactorForcedByTeam);
    await shot(page, FLOW, '02-forced-two-factor');
  });

  it('five toasts at once: never more than 3 on the page, fading ones included', async () => {
    const context = await run.browser.newContext({ ...contextOptions, reducedMotion: 'no-preference' });
    await context.addInitScript(() => {
      const w = window as unknown as { __toastMax: number; __toastSeen: string[] };
      w.__toastMax = 0;
      w.__toastSeen = [];
      const sample = () => {
        const shown = document.querySelectorAll('.mantine-Notifications-notification');
        w.__toastMax = Math.max(w.__toastMax, shown.length);
        for (const el of shown) {
          const text = el.textContent ?? '';
          if (!w.__toastSeen.includes(text)) w.__toastSeen.push(text);
        }
      };
      new MutationObserver(sample).observe(document, { childList: true, subtree: true, attributes: true });
    });
    const toasts = await context.newPage();
    await logIn(toasts, run.server.url, EDITOR);
    // every home tray fails at once: five error toasts in the same moment
    let n = 0;
    await toasts.route(
      (url) => url.pathname === API.projects.trays || url.pathname === API.tasks.trays,
      (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ response: false, data: null, errormessage: `Tray failure ${++n}` }),
        }),
    );
    await toasts.reload();
    const read = () =>
      toasts.evaluate(() => {
        const w = window as unknown as { __toastMax: number; __toastSeen: string[] };
        return { max: w.__toastMax, seen: w.__toastSeen.length };
      });
    await expect.poll(async () => (await read()).seen, { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    await shot(toasts, FLOW, '03-toasts-queued');
    await expect
      .poll(() => toasts.locator('.mantine-Notifications-notification').count(), { timeout: 20_000 })
      .toBe(0);
    expect((await read()).max).toBeLessThanOrEqual(3);
    await context.close();
  });

  it('a refetch after a realtime reconnect does not restart the inactivity wait; a key press does', async () => {
    const LIMIT_S = 8;
    const context = await run.browser.newContext(contextOptions);
    await context.addInitScript((s) => {
      (window as unknown as { __RUSHES_INACTIVITY_SECONDS__: number }).__RUSHES_INACTIVITY_SECONDS__ = s;
    }, LIMIT_S);
    const sockets: WebSocketRoute[] = [];
    await context.routeWebSocket(/\/socket\.io\//, (ws) => {
      ws.connectToServer();
      sockets.push(ws);
    });
    const idle = await context.newPage();
    const drop = async () => {
      const open = sockets.splice(0);
      for (const ws of open) await ws.close({ code: 4000, reason: 'network drop' });
    };
    await logIn(idle, run.server.url, EDITOR);
    await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await idle.waitForTimeout(2000);
    await idle.keyboard.press('Shift');
    const keyAt = Date.now();

    // the connection drops; the refetch after the reconnect fails (the link is still flaky) …
    const checkLogin = (url: URL) => url.pathname === API.auth.checkLogin;
    await idle.route(checkLogin, (route) => route.abort('internetdisconnected'));
    const failed = idle.waitForEvent('requestfailed', {
      predicate: (r) => r.url().includes(API.auth.checkLogin),
      timeout: 15_000,
    });
    await drop();
    await failed;
    await idle.unroute(checkLogin);
    // … and a later reconnect refetches fine, well after the key press
    await idle.waitForTimeout(Math.max(0, keyAt + 4500 - Date.now()));
    const back = idle.waitForResponse((r) => r.url().includes(API.auth.checkLogin) && r.ok(), {
      timeout: 15_000,
    });
    await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await drop();
    await back;
    await visible(idle.getByRole('button', { name: UI.userMenu }));

    await idle.waitForURL(/\/(logout|login)/, { timeout: 20_000 });
    const elapsed = (Date.now() - keyAt) / 1000;
    await shot(idle, FLOW, '04-inactivity-logout');
    // from the key press (not from the login before it, not from the reconnect after it)
    expect(elapsed).toBeGreaterThanOrEqual(LIMIT_S - 0.5);
    expect(elapsed).toBeLessThanOrEqual(LIMIT_S + 3);
    await context.close();
  });
});
