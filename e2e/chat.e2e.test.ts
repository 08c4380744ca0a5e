import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API, MSG, UI, type ChatCounters } from '@rushes/shared';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { logIn, newPerson, signUpAndVerify } from './people.ts';
import {
  apiCall,
  createProject,
  dialog,
  gone,
  projectIdOfCard,
  toast,
  tray,
  visible,
} from './projectSteps.ts';
import { serverAndBrowser, startServer } from './server.ts';

const FLOW = 'chat';
const PROJECT = `Chat Reel ${Date.now() % 10_000}`;
const SEEDED = 60;
const seedText = (i: number) => `Seed message ${String(i).padStart(2, '0')}`;

const run = serverAndBrowser(startServer);

describe.skipIf(!e2eAvailable)('project chat with a mention, the bell and the unread count', () => {
  const ann = newPerson('Ann', 'Lee');
  const bob = newPerson('Bob', 'Roy');
  let a: Page;
  let b: Page;
  let projectDbId = '';
  const chatPanel = (page: Page) => dialog(page, UI.projectChat);
  const card = (page: Page) => tray(page, UI.trayMyProjects).getByRole('article', { name: PROJECT });

  beforeAll(async () => {
    // A without reduced motion, so the bell really animates; B as the other flows.
    a = await (await run.browser.newContext({ ...contextOptions, reducedMotion: 'no-preference' })).newPage();
    b = await (await run.browser.newContext(contextOptions)).newPage();
    a.setDefaultTimeout(15_000);
    b.setDefaultTimeout(15_000);
  });

  it('A creates a project with B in it and opens the chat: the empty state', async () => {
    await signUpAndVerify(a, run.server.url, ann);
    await signUpAndVerify(b, run.server.url, bob);
    await logIn(b, run.server.url, bob);
    await logIn(a, run.server.url, ann);
    await createProject(a, PROJECT);
    await toast(a, MSG.projectCreated);
    projectDbId = await projectIdOfCard(card(a), PROJECT);
    await apiCall(a, run.server.url, API.projects.collaborators, {
      project_db_id: projectDbId,
      invited_collaborators: [bob.email],
      role: 'collaborator',
    });

    await card(a).getByRole('link', { name: PROJECT }).click();
    await a.getByRole('button', { name: UI.chat, exact: true }).click();
    const panel = chatPanel(a);
    await visible(panel.getByText(MSG.chatEmptyTitle));
    await visible(panel.getByText(MSG.chatEmptySubtitle));
    await visible(panel.getByRole('button', { name: UI.projectHelp }));
    await shot(a, FLOW, '01-empty-chat');

    // Project Help opens its panel; back returns to the chat.
    await panel.getByRole('button', { name: UI.projectHelp }).click();
    const help = dialog(a, UI.projectHelp);
    await visible(help.getByText(UI.projectHelpIntro));
    await shot(a, FLOW, '02-project-help');
    await help.getByRole('button', { name: UI.backToChat }).click();
    await visible(chatPanel(a).getByText(MSG.chatEmptyTitle));
    await a.keyboard.press('Escape');
    await gone(chatPanel(a));
    await a.goto(`${run.server.url}/`);
    await visible(card(a));
  });

  it('B sends 60 messages, then "@Ann Lee hello" through the mention picker: A’s bell shakes and the card counts', async () => {
    for (let i = 1; i <= SEEDED; i++)
      await apiCall(b, run.server.url, API.chat.root, { project_db_id: projectDbId, text: seedText(i) });

    await b.goto(`${run.server.url}/project/${projectDbId}`);
    await b.getByRole('button', { name: /^Chat/ }).click();
    const panel = chatPanel(b);
    await visible(panel.getByText(seedText(SEEDED)));
    const input = panel.getByLabel(MSG.typeYourMessage);
    // A failed send says 'Something went wrong' and keeps the text.
    await b.route(`**${API.chat.root}`, (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await input.fill('This will fail');
    await input.press('Enter');
    await toast(b, MSG.somethingWentWrong);
    expect(await input.inputValue()).toBe('This will fail');
    await b.unroute(`**${API.chat.root}`);
    await input.fill('');
    // Blank text is never sent.
    await input.fill('   ');
    expect(await panel.getByRole('button', { name: UI.sendMessage }).isDisabled()).toBe(true);
    await input.fill('');
    await input.pressSequentially('@An');
    const option = panel.getByRole('option', { name: 'Ann Lee' });
    await visible(option);
    await shot(b, FLOW, '03-mention-picker');
    await option.click();
    await expect.poll(() => input.inputValue()).toBe('@Ann Lee ');
    await input.pressSequentially('hello');
    await panel.getByRole('button', { name: UI.sendMessage }).click();
    await expect.poll(() => input.inputValue()).toBe('');
    await visible(panel.locator('[data-mention]').filter({ hasText: '@Ann Lee' }));
    await shot(b, FLOW, '04-sent-by-b');

    const bell = a.getByRole('button', { name: UI.newNotifications });
    await visible(bell);
    await expect.poll(() => bell.getAttribute('data-shakes')).not.toBe('0');
    // The shake is a CSS animation of 3 turns (none under prefers-reduced-motion).
    const animation = () =>
      bell.locator('svg').evaluate((el) => {
        const style = getComputedStyle(el);
        return `${style.animationName} x${style.animationIterationCount}`;
      });
    await a.emulateMedia({ reducedMotion: 'reduce' });
    await bell.evaluate((el) => el.setAttribute('data-shaking', 'true'));
    expect(await animation()).toBe('none x1');
    await a.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await animation()).toBe('rushes-bell-shake x3');
    await visible(
      card(a)
        .getByTestId('card-chat-unread')
        .filter({ hasText: String(SEEDED + 1) }),
    );
    await shot(a, FLOW, '05-bell-and-unread');
  });

  it('the notification opens the chat with the mention highlighted; A scrolls up to the first message', async () => {
    await a.getByRole('button', { name: UI.newNotifications }).click();
    const list = dialog(a, UI.notifications);
    const entry = list.locator('[data-notification-type="chat_mention"]');
    await visible(entry.getByText(MSG.mentionNotificationTitle));
    // The optional e-mail digest is off until turned on here.
    const digest = list.getByRole('switch', { name: UI.emailDigest });
    await expect.poll(() => digest.isEnabled()).toBe(true);
    expect(await digest.isChecked()).toBe(false);
    await digest.click({ force: true });
    await expect.poll(() => digest.isChecked()).toBe(true);
    await shot(a, FLOW, '06-notifications');
    // Opening the list cleared the dot.
    await expect.poll(() => a.locator('.rushes-bell').getAttribute('data-has-new')).toBe('false');
    await entry.click();

    await a.waitForURL(`${run.server.url}/project/${projectDbId}`);
    const panel = chatPanel(a);
    const mention = panel.locator('[data-mention]').filter({ hasText: '@Ann Lee' });
    await visible(mention);
    // Highlighted as a text span (never HTML from the message).
    await expect.poll(() => mention.first().evaluate((el) => el.tagName)).toBe('SPAN');
    await expect.poll(() => mention.first().evaluate((el) => getComputedStyle(el).fontWeight)).toBe('600');
    await visible(panel.getByText(MSG.today));
    await shot(a, FLOW, '07-chat-from-notification');

    const box = panel.getByTestId('chat-messages');
    const first = panel.getByText(seedText(1), { exact: true });
    // scroll to the top until the first message shows (older pages load as the reader scrolls up)
    await expect
      .poll(
        async () => {
          await box.evaluate((el) => el.scrollTo({ top: 0 }));
          return first.isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(await panel.getByTestId('chat-message').count()).toBe(SEEDED + 1);
    await shot(a, FLOW, '08-scrolled-to-first');
  });

  it('leaving the chat resets the unread count; a new message counts live on the header, read again resets it', async () => {
    const unreadOnServer = async () => {
      const res = await a.request.get(
        `${run.server.url}${API.chat.counters}?project_db_id=${encodeURIComponent(projectDbId)}`,
      );
      return ((await res.json()) as { data: ChatCounters }).data.unread;
    };
    await a.keyboard.press('Escape');
    await gone(chatPanel(a));
    await expect.poll(unreadOnServer).toBe(0);
    await gone(a.getByTestId('chat-unread'));

    await apiCall(b, run.server.url, API.chat.root, { project_db_id: projectDbId, text: 'One more thing' });
    const badge = a.getByTestId('chat-unread');
    await visible(badge.filter({ hasText: '1' }));
    await shot(a, FLOW, '09-header-unread');
    await a.getByRole('button', { name: `${UI.chat}, ${UI.unreadMessages(1)}` }).click();
    await visible(chatPanel(a).getByText('One more thing'));
    await a.keyboard.press('Escape');
    await gone(chatPanel(a));
    await expect.poll(unreadOnServer).toBe(0);
    await gone(badge);

    await a.goto(`${run.server.url}/`);
    await visible(card(a));
    await gone(card(a).getByTestId('card-chat-unread'));
    const settings = await a.request.get(`${run.server.url}${API.notifications.settings}`);
    expect(((await settings.json()) as { data: { email_digest: boolean } }).data.email_digest).toBe(true);
    await shot(a, FLOW, '10-unread-reset');
  });
});
