#!/usr/bin/env node
/**
 * Builds the web app unless apps/web/dist already holds a build of the same sources: lint's size
 * budget, the browser flows and `npm start` all need a build, and one CI run used to make the same
 * one twice (a minute and a half each on two cores).
 *
 * The stamp (dist/.build-stamp) is a hash of everything the build reads (apps/web without dist,
 * packages/shared/src, the lock file) and of the Brotli quality. `--for=test` precompresses with a
 * fast Brotli quality: the flows read the same files and encodings, only a little larger; `npm start`
 * and the Docker image keep the maximum quality users get. `--force` rebuilds anyway.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
const stampFile = path.join(dist, '.build-stamp');
const forTest = process.argv.includes('--for=test');
const quality = forTest ? '5' : '11';

/** Every file under `dir`, sorted, skipping build output and installed packages. */
function files(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name === 'dist') continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) out.push(...files(file));
    else out.push(file);
  }
  return out;
}

const hash = createHash('sha256').update(`brotli=${quality}\n`);
for (const file of [
  ...files(web),
  ...files(path.join(root, 'packages/shared/src')),
  path.join(root, 'package-lock.json'),
]) {
  hash.update(`${path.relative(root, file)}\n`).update(readFileSync(file));
}
const stamp = hash.digest('hex');

if (!process.argv.includes('--force') && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
  console.log('web build is up to date (apps/web/dist)');
  process.exit(0);
}
const run = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_BROTLI_QUALITY: quality },
});
if (run.status !== 0) process.exit(run.status ?? 1);
writeFileSync(stampFile, stamp);
