// `rushes-upload upload [options] <file or folder>...`
import { parseArgs } from 'node:util';
import { collect, where } from './files.mjs';
import { createProgress } from './progress.mjs';
import { refusalOf } from './rules.mjs';
import { UsageError, destinationOf, openSession } from './session.mjs';
import { createUploader } from './upload.mjs';

export const LOGIN_OPTIONS = {
  url: { type: 'string' },
  token: { type: 'string' },
  state: { type: 'string' },
};

export const UPLOAD_USAGE = `rushes-upload upload --project <Project ID | project URL | project_db_id> [--folder <path | folder_db_id>]
                     [--parallel 4] [--state <file>] [--url <server> --token <rsh_…>] <file or folder>...`;

export async function runUpload(argv) {
  const { values: opts, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ...LOGIN_OPTIONS,
      project: { type: 'string' },
      folder: { type: 'string' },
      parallel: { type: 'string' },
    },
  });
  if (positionals.length === 0) throw new UsageError('nothing to upload: name files or folders');
  if (!opts.project) throw new UsageError('--project is missing');
  const files = positionals.flatMap((p) => collect(p));
  // The web's rules, before anything is sent: one refused file stops the whole upload.
  const refused = files.map((f) => [f, refusalOf(f.name, f.folderPath)]).filter(([, why]) => why);
  if (refused.length) {
    for (const [f, why] of refused) console.error(`rushes-upload: ${where(f)}: ${why}`);
    throw new UsageError(`${refused.length} file(s) cannot be uploaded; nothing was sent`);
  }
  const { api, state, parsed } = await openSession(opts);
  const { dest } = await destinationOf(api, parsed, opts.folder);
  const progress = createProgress();
  const parallel = Math.max(1, Math.min(16, Number(opts.parallel) || 4));
  const uploader = createUploader({ api, state, parallel, log: progress.log });
  for (const f of files) progress.addTotal(f.size);
  for (const f of files) {
    let seen = 0;
    await uploader.uploadFile(f, dest, {
      onProgress: (sent) => {
        progress.advance(sent - seen);
        seen = sent;
        progress.draw(f.name);
      },
    });
  }
  progress.end();
  progress.log(`done: ${files.length} file(s)`);
}
