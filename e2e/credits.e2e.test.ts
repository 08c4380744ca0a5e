import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CREDIT_TEXT, MSG, PAYMENT_TEXT, TOAST_HEAD, UI } from '@rushes/shared';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { serverAndBrowser } from './server.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import { dialog, switchTeam, visible } from './projectSteps.ts';

/**
 * The credits wallet: add credits through the test-mode checkout → the balance rises → the purchase
 * is listed → its GST tax invoice downloads (first page rendered with pdftoppm into the screenshots).
 */
const FLOW = 'credits';
const PDFTOPPM = ['/usr/bin/pdftoppm', '/usr/local/bin/pdftoppm'].find((p) => existsSync(p));
if (!PDFTOPPM) {
  if (process.env.CI)
    throw new Error('pdftoppm not found: it is required on CI (apt-get install -y poppler-utils)');
  console.warn('credits e2e: no pdftoppm (poppler-utils); the invoice page is not rendered to PNG');
}

const run = serverAndBrowser(startInProcessServer);

describe.skipIf(!e2eAvailable)('credits: add credits with the test-mode checkout, invoice download', () => {
  let page: Page;
  beforeAll(async () => {
    page = await (await run.browser.newContext({ ...contextOptions, acceptDownloads: true })).newPage();
    page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('an admin opens the wallet from the team switcher: 0 PSC and Low Balance', async () => {
    await logIn(page, run.server.url, DEMO_PRODUCER);
    await switchTeam(page, 'Demo Studio');
    await page.getByRole('button', { name: UI.teamSwitcher }).click();
    await page.getByRole('button', { name: UI.showTeamLinks('Demo Studio') }).click();
    await page.getByRole('menuitem', { name: CREDIT_TEXT.walletTitle }).click();
    await page.waitForURL(`${run.server.url}/credits`);
    await expect.poll(() => page.getByTestId('credits-available').textContent()).toBe('0 PSC');
    await visible(page.getByText(CREDIT_TEXT.lowBalance, { exact: true }));
    await visible(page.getByText(CREDIT_TEXT.noTransactions));
    await shot(page, FLOW, '01-empty-wallet');
  });

  it('add credits: numbers only, Next only with a positive value', async () => {
    await page.getByRole('button', { name: CREDIT_TEXT.addCredits }).click();
    const panel = dialog(page, PAYMENT_TEXT.addCreditsTitle);
    await visible(panel);
    const input = panel.getByLabel(PAYMENT_TEXT.creditsLabel);
    await input.fill('12a');
    await visible(panel.getByText(MSG.enterNumbersOnly));
    expect(await panel.getByRole('button', { name: PAYMENT_TEXT.next }).count()).toBe(0);
    await input.fill('0');
    expect(await panel.getByRole('button', { name: PAYMENT_TEXT.next }).count()).toBe(0);
    await input.fill('500');
    await shot(page, FLOW, '02-add-credits');
    await panel.getByRole('button', { name: PAYMENT_TEXT.next }).click();
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
  });

  it('the test-mode checkout shows price, GST and total; completing it pays', async () => {
    await visible(page.getByText(PAYMENT_TEXT.testModeNotice));
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('₹590.00');
    await shot(page, FLOW, '03-checkout');
    await page.getByRole('button', { name: PAYMENT_TEXT.complete }).click();
    // spec 002 §8: a completed purchase is told in a toast headed 'Success'
    const success = page.getByRole('alert').filter({ hasText: TOAST_HEAD.success });
    await visible(success.filter({ hasText: PAYMENT_TEXT.creditsAdded }));
    await visible(page.getByText(PAYMENT_TEXT.paid));
    await visible(page.getByRole('link', { name: PAYMENT_TEXT.downloadInvoice }));
    await shot(page, FLOW, '04-paid');
  });

  it('the balance rose, the purchase is listed, and its invoice PDF downloads', async () => {
    await page.getByRole('link', { name: PAYMENT_TEXT.backToCredits }).click();
    await page.waitForURL(`${run.server.url}/credits`);
    await expect.poll(() => page.getByTestId('credits-available').textContent()).toBe('500 PSC');
    expect(await page.getByText(CREDIT_TEXT.lowBalance, { exact: true }).count()).toBe(0);
    const table = page.getByRole('table', { name: CREDIT_TEXT.transactionsTitle });
    await visible(table.getByText('Credits purchase (500 PSC)'));
    await visible(table.getByText('+500 PSC'));
    await shot(page, FLOW, '05-wallet-after');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      table.getByRole('link', { name: PAYMENT_TEXT.downloadInvoice }).first().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^invoice-RI-\d{4}-\d{2}-\d{5}\.pdf$/);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rushes-invoice-'));
    const pdf = path.join(dir, 'invoice.pdf');
    await download.saveAs(pdf);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    if (PDFTOPPM) {
      const out = path.resolve(import.meta.dirname, 'screenshots', FLOW);
      mkdirSync(out, { recursive: true });
      execFileSync(PDFTOPPM, [
        '-png',
        '-r',
        '80',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        pdf,
        path.join(out, '06-invoice'),
      ]);
      expect(existsSync(path.join(out, '06-invoice.png'))).toBe(true);
    }

    await page.getByRole('tab', { name: PAYMENT_TEXT.paymentsTitle }).click();
    const payments = page.getByRole('table', { name: PAYMENT_TEXT.paymentsTitle });
    await visible(payments.getByText('₹590.00'));
    await visible(payments.getByText(PAYMENT_TEXT.status.paid));
    await shot(page, FLOW, '07-payments');
  });
});
