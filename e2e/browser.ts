import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** End-to-end is required on CI; on a laptop without Chromium the flows are skipped with a notice. */
export const e2eAvailable = existsSync(CHROMIUM);
if (!e2eAvailable) {
  if (process.env.CI)
    throw new Error(`Chromium not found at ${CHROMIUM}: end-to-end tests are required on CI`);
  console.warn(`Skipping end-to-end flows: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
}

const SHOTS = path.resolve(import.meta.dirname, 'screenshots');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/** Pages in the flows ask for reduced motion, so screenshots never catch a half-open menu. */
export const contextOptions = { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' as const };

/** Saves a full-page screenshot under e2e/screenshots/<flow>/<step>.png (kept out of git). */
export async function shot(page: Page, flow: string, step: string) {
  const dir = path.join(SHOTS, flow);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${step}.png`), fullPage: true });
}

/** Reads the newest mail to an address from the dev outbox API, waiting for the job to store it. */
export async function mailTo(
  baseUrl: string,
  to: string,
  after = 0,
): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/dev/outbox`);
    const body = (await res.json()) as {
      data: { mails: { to: string; subject: string; text: string; created_on: string }[] };
    };
    const mail = body.data.mails.find((m) => m.to === to && Date.parse(m.created_on) > after);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1];
