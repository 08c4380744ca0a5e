import { existsSync } from 'node:fs';

/** The browser the flows drive; CHROMIUM_PATH points elsewhere. Imports nothing, so the config can read it. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const e2eAvailable = existsSync(CHROMIUM);
