import { it } from 'vitest';
import { CHROMIUM } from './chromium.ts';

/**
 * The only flow file a machine without Chromium collects (vitest.config.ts): importing the 40-odd
 * real ones just to skip them took minutes. End-to-end is required on CI; elsewhere it says why
 * nothing ran.
 */
if (process.env.CI) throw new Error(`Chromium not found at ${CHROMIUM}: end-to-end tests are required on CI`);
const notice = `no Chromium at ${CHROMIUM} (apt-get install -y chromium): the end-to-end flows are skipped`;
console.warn(`Skipping end-to-end flows: ${notice}`);
it.skip(notice, () => {});
