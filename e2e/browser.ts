import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, e2eAvailable } from './chromium.ts';

export { CHROMIUM, e2eAvailable };

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

/**
 * Whether every step's screenshot is taken: `E2E_SCREENSHOTS=1` (or `all`), to look at the screens.
 * By default a run takes only the ones something reads (the user guide's images) and, after a failed
 * test, one of the page of its last step: several hundred full-page PNGs cost CI over a minute and
 * nobody looked at them.
 */
export const allScreenshots = /^(1|all|true)$/i.test(process.env.E2E_SCREENSHOTS ?? '');

/** The e2e screenshots scripts/guide-screenshots.mjs copies into the user guide (`<flow>/<step>`). */
const GUIDE_SHOTS: Record<string, string> = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'guide-shots.json'), 'utf8'),
);
const KEPT = new Set(Object.values(GUIDE_SHOTS).map((f) => f.replace(/\.png$/, '')));
/** Whether a screenshot (`<flow>/<step>`) is taken on every run: the guide reads it. */
export const keptScreenshot = (name: string) => KEPT.has(name);

/** The last step a flow named, for the screenshot after a failure (flows run one at a time). */
let lastStep: { page: Page; flow: string; step: string } | undefined;

async function save(page: Page, flow: string, step: string, fullPage = true) {
  const dir = path.join(SHOTS, flow);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${step}.png`), fullPage });
}

/**
 * A flow's step: its full-page screenshot under e2e/screenshots/<flow>/<step>.png (kept out of git)
 * when screenshots are on or the guide uses it; otherwise only remembered for a failure.
 */
export async function shot(page: Page, flow: string, step: string) {
  lastStep = { page, flow, step };
  if (allScreenshots || keptScreenshot(`${flow}/${step}`)) await save(page, flow, step);
}

/** After a failed test (e2e/setup.ts): the page of its last step as it is now. */
export async function shotAfterFailure(): Promise<void> {
  const last = lastStep;
  lastStep = undefined;
  if (!last || last.page.isClosed()) return;
  await save(last.page, last.flow, `failed-after-${last.step}`).catch(() => undefined);
  console.warn(
    `e2e: screenshot of the failed step in e2e/screenshots/${last.flow}/failed-after-${last.step}.png`,
  );
}

export function forgetLastStep() {
  lastStep = undefined;
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
