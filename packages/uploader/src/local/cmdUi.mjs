// `rushes-upload ui` (and a double-click, no arguments): the local page in the browser.
import { parseArgs } from 'node:util';
import { openInBrowser } from '../deviceLogin.mjs';
import { createWork } from './jobs.mjs';
import { startLocalServer } from './server.mjs';

export const UI_USAGE =
  'rushes-upload [ui] [--port <n>] [--no-browser]   (the page; RUSHES_NO_BROWSER=1 too)';

export async function runUi(argv) {
  const { values: opts } = parseArgs({
    args: argv,
    options: { port: { type: 'string' }, 'no-browser': { type: 'boolean' } },
  });
  const log = (line) => console.log(line);
  const work = createWork({ log });
  work.connect();
  const local = await startLocalServer({ work, port: Number(opts.port) || 0, log });
  console.log(`Rushes uploader page: ${local.url}`);
  console.log('Keep this window open while files upload; close it (Ctrl-C) to stop.');
  if (!opts['no-browser'] && !process.env.RUSHES_NO_BROWSER) openInBrowser(local.url);
  await new Promise((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  work.stop();
  await local.close();
}
