import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { API, API_TYPE, API_VERSION, AUDIT_TEXT as T, AUDIT_ACTIONS, UI } from '@rushes/shared';
import { teams, users } from '../apps/server/src/db/schema/index.ts';
import { recordAudit } from '../apps/server/src/modules/audit/index.ts';
import { withRequestContext } from '../apps/server/src/platform/http/requestContext.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { serverAndBrowser } from './server.ts';
import { DEMO_EDITOR, DEMO_PRODUCER, logIn } from './people.ts';
import { dialog, gone, switchTeam, visible } from './projectSteps.ts';

/**
 * The team's audit log in Chromium: the producer (Demo Studio's admin) renames the team through the
 * product, the editor's entries are written by the server's own recordAudit (as the editor's requests
 * would: another person, another browser), and the producer opens Team Settings → Audit log, sees both
 * people, filters by the editor and exports that CSV. The editor (a member) has no such card.
 */
const FLOW = 'audit';
const run = serverAndBrowser(() => startInProcessServer());
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe.skipIf(!e2eAvailable)('audit log: a team admin filters the log by person', () => {
  let a: Page;
  let teamId = '';
  let editorId = '';

  beforeAll(async () => {
    a = await (await (run.browser as Browser).newContext(contextOptions)).newPage();
    a.setDefaultTimeout(15_000);
    const db = run.server.db;
    [{ id: teamId }] = await db.select({ id: teams.id }).from(teams).where(eq(teams.name, 'Demo Studio'));
    [{ id: editorId }] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_EDITOR.email));
    await withRequestContext({ ip: '203.0.113.7', userAgent: FIREFOX, userId: editorId }, async () => {
      await recordAudit(db, {
        teamId,
        action: 'shares.link_created',
        target: { type: 'share_link', id: '00000000-0000-4000-8000-000000000001', label: 'Trailer v3.mp4' },
      });
      await recordAudit(db, {
        teamId,
        action: 'assets.original_downloaded',
        target: { type: 'asset', id: '00000000-0000-4000-8000-000000000002', label: 'Interview A.mov' },
      });
    });
  });
  afterAll(async () => {
    await a?.context().close();
  });

  it('shows who did what, from where, and filters by the person picked', async () => {
    await logIn(a, run.server.url, DEMO_PRODUCER);
    await switchTeam(a, 'Demo Studio');
    const renamed = await a.request.put(`${run.server.url}${API.teams.root}`, {
      headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
      data: { team_id: teamId, name: 'Demo Studio Night' },
    });
    expect(renamed.ok()).toBe(true);

    await a.goto(`${run.server.url}/settings`);
    await a.getByRole('button', { name: new RegExp(T.card) }).click();
    const log = dialog(a, T.title);
    const rows = log.getByTestId('audit-row');
    await visible(rows.filter({ hasText: AUDIT_ACTIONS['team.settings_changed'] }));
    await visible(rows.filter({ hasText: 'Trailer v3.mp4' }));
    expect(await rows.count()).toBe(3);
    const editorRow = rows.filter({ hasText: 'Interview A.mov' });
    await visible(editorRow.getByText('203.0.113.7'));
    await visible(editorRow.getByText('Firefox'));
    await shot(a, FLOW, '01-team-log');

    await log.getByRole('combobox', { name: T.person }).click();
    await log.getByRole('option', { name: /Editor/ }).click();
    await gone(rows.filter({ hasText: AUDIT_ACTIONS['team.settings_changed'] }));
    await expect.poll(() => rows.count()).toBe(2);
    await shot(a, FLOW, '02-filtered-by-person');

    const href = (await log.getByRole('link', { name: T.exportCsv }).getAttribute('href'))!;
    expect(href).toContain(`actor_db_id=${editorId}`);
    const csv = await (await a.request.get(`${run.server.url}${href}`)).text();
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(csv).toContain('"Interview A.mov"');
    expect(csv).not.toContain('Demo Studio Night');
  });

  it('a member who is not an admin has no Audit log card, and sees their own sign-ins in Account Settings', async () => {
    const b = await (await (run.browser as Browser).newContext(contextOptions)).newPage();
    try {
      await logIn(b, run.server.url, DEMO_EDITOR);
      await switchTeam(b, 'Demo Studio');
      await b.goto(`${run.server.url}/settings`);
      await visible(b.getByRole('heading', { name: /Team Settings/i }));
      expect(await b.getByRole('button', { name: new RegExp(T.card) }).count()).toBe(0);

      await b.getByRole('button', { name: UI.userMenu }).click();
      await b.getByRole('menuitem', { name: UI.accountSettings }).click();
      const activity = b.getByTestId('security-activity');
      await activity.scrollIntoViewIfNeeded();
      await visible(activity.getByText(AUDIT_ACTIONS['auth.sign_in']));
      // the editor's own account events only: the producer's rename is not among them
      expect(await activity.getByText(AUDIT_ACTIONS['team.settings_changed']).count()).toBe(0);
      await shot(b, FLOW, '03-own-security-activity');
    } finally {
      await b.context().close();
    }
  });
});
