// `rushes-upload watch <folder> --project X [--folder <project folder>]`
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LOGIN_OPTIONS } from './cmdUpload.mjs';
import { UsageError, destinationOf, openSession } from './session.mjs';
import { createUploader } from './upload.mjs';
import { SETTLE_MS, createWatcher } from './watch.mjs';

export const WATCH_USAGE = `rushes-upload watch <folder> --project <Project ID | project URL | project_db_id> [--folder <path | folder_db_id>]
                     [--settle ${SETTLE_MS / 1000}] [--parallel 4] [--state <file>] [--url <server> --token <rsh_…>]`;

export async function runWatch(argv) {
  const { values: opts, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ...LOGIN_OPTIONS,
      project: { type: 'string' },
      folder: { type: 'string' },
      parallel: { type: 'string' },
      settle: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('watch takes one folder');
  if (!opts.project) throw new UsageError('--project is missing');
  const dir = path.resolve(positionals[0]);
  if (!statSync(dir).isDirectory()) throw new UsageError(`${dir} is not a folder`);
  const { api, state, parsed } = await openSession(opts);
  const { dest, project } = await destinationOf(api, parsed, opts.folder);
  const log = (line) => console.log(line);
  const parallel = Math.max(1, Math.min(16, Number(opts.parallel) || 4));
  const uploader = createUploader({ api, state, parallel, log });
  const settleMs = opts.settle ? Math.max(0, Number(opts.settle) * 1000) : SETTLE_MS;
  log(`project ${project.projectId} ${project.title}, folder ${dest.folderPath}`);
  const watcher = createWatcher({ uploader, state, dir, dest, settleMs, log }).start();
  await new Promise((resolve) => {
    const stop = () => {
      watcher.stop();
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  log('stopped');
}
