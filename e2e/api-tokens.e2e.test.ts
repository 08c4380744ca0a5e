import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  API,
  API_SCOPE_LABELS,
  API_TOKEN_TEXT as T,
  API_TYPE,
  API_VERSION,
  MSG,
  UI,
  type AccessToken,
} from '@rushes/shared';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import { serverAndBrowser, startServer } from './server.ts';
import { gone, toast, visible } from './projectSteps.ts';

/**
 * API tokens in account settings: a token made for a team with chosen scopes is shown once, listed
 * with its team and scopes, works from a real HTTP client (its last use then shows), and is refused
 * at once when revoked.
 */
const FLOW = 'api-tokens';
const run = serverAndBrowser(() => startServer());

describe.skipIf(!e2eAvailable)('API tokens: create with scopes, see once, list, revoke', () => {
  let page: Page;
  let token = '';
  beforeAll(async () => {
    page = await (await run.browser.newContext(contextOptions)).newPage();
    page.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  const openSettings = async () => {
    await page.getByRole('button', { name: UI.userMenu }).click();
    await page.getByRole('menuitem', { name: UI.accountSettings }).click();
    await visible(page.getByRole('heading', { name: T.sectionTitle }));
  };
  const listRow = () => page.getByTestId('token-Reporting script');
  // a client of its own (no browser cookies): the token alone
  const listProjects = () =>
    fetch(`${run.server.url}${API.projects.infoMine}`, { headers: { authorization: `Bearer ${token}` } });

  it('a token for Demo Studio with read and write is shown once and listed with its team and scopes', async () => {
    await logIn(page, run.server.url, DEMO_PRODUCER);
    await openSettings();
    await page.getByLabel(T.nameLabel).fill('Reporting script');
    await page.getByRole('combobox', { name: T.teamLabel }).click();
    await page.getByRole('option', { name: 'Demo Studio' }).click();
    // scopes appear once a team is chosen; read is ticked, write is added
    await visible(page.getByRole('checkbox', { name: API_SCOPE_LABELS.read }));
    expect(await page.getByRole('checkbox', { name: API_SCOPE_LABELS.read }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: API_SCOPE_LABELS.write }).check();
    await shot(page, FLOW, '01-form');
    await page.getByRole('button', { name: T.create }).click();
    await toast(page, MSG.tokenCreated);
    await expect.poll(async () => (await page.getByTestId('new-token').textContent()) ?? '').toMatch(/^rsh_/);
    token = (await page.getByTestId('new-token').textContent())!;
    await visible(page.getByText(T.shownOnce));
    await visible(listRow());
    const rowText = await listRow().innerText();
    expect(rowText).toContain('Demo Studio');
    expect(rowText).toContain(API_SCOPE_LABELS.read);
    expect(rowText).toContain(API_SCOPE_LABELS.write);
    expect(rowText).not.toContain(API_SCOPE_LABELS.admin);
    expect(rowText).toContain(T.neverUsed);
    expect(rowText).not.toContain(token);
    await listRow().scrollIntoViewIfNeeded();
    await shot(page, FLOW, '02-created-once');
  });

  it('from an HTTP client the token makes a project and lists it; reopened, the list shows its last use', async () => {
    const mine = (await (await page.request.get(`${run.server.url}${API.camera.tokens}`)).json()) as {
      data: { tokens: AccessToken[] };
    };
    const teamId = mine.data.tokens.find((t) => t.name === 'Reporting script')!.team!.id;
    const made = await fetch(`${run.server.url}${API.projects.root}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'api-type': API_TYPE,
        'api-version': API_VERSION,
      },
      body: JSON.stringify({ team_db_id: teamId, title: 'Made by the API' }),
    });
    expect(made.status).toBe(200);
    const res = await listProjects();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { projects: { title: string }[] } };
    expect(body.data.projects.map((p) => p.title)).toContain('Made by the API');

    await page.reload();
    await openSettings();
    await visible(listRow());
    await gone(page.getByTestId('new-token'));
    await expect.poll(async () => listRow().innerText()).not.toContain(T.neverUsed);
    await listRow().scrollIntoViewIfNeeded();
    await shot(page, FLOW, '03-last-used');
  });

  it('revoked, it leaves the list and is refused at once', async () => {
    await page.getByRole('button', { name: `${T.revoke} Reporting script` }).click();
    await toast(page, MSG.tokenRevoked);
    await gone(listRow());
    expect((await listProjects()).status).toBe(401);
    await shot(page, FLOW, '04-revoked');
  });
});
