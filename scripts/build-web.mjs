#!/usr/bin/env node
/**
 * Builds the web app unless apps/web/dist already holds a build of the same sources: lint's size
 * budget, the browser flows and `npm start` all need a build, and one CI run used to make the same
 * one twice (a minute and a half each on two cores).
 *
 * The stamp (dist/.build-stamp) holds a hash of everything the build reads (apps/web without dist,
 * packages/shared/src, the lock file) and, apart, the Brotli quality of its precompressed files.
 * `--for=test` precompresses with a fast quality (the flows read the same files and encodings, only a
 * little larger); `npm start` and the Docker image keep the maximum quality users get. The quality
 * is not part of the sources' hash: with it inside, `npm test` (or lint:size) and `npm start` threw
 * away each other's build, and every start after a test run took a whole build again. Now a build
 * of the same sources is kept whatever asked for it: a test run takes any, a start that finds a
 * test build only compresses its files again at the higher quality (seconds, not a build).
 * `--force` rebuilds anyway; `--root <dir>` works on another checkout (the script's test).
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const argAt = process.argv.indexOf('--root');
const root = argAt > 0 ? path.resolve(process.argv[argAt + 1]) : path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
const stampFile = path.join(dist, '.build-stamp');
const forTest = process.argv.includes('--for=test');
const quality = forTest ? 5 : 11;

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

const hash = createHash('sha256');
for (const file of [
  ...files(web),
  ...files(path.join(root, 'packages/shared/src')),
  path.join(root, 'package-lock.json'),
]) {
  hash.update(`${path.relative(root, file)}\n`).update(readFileSync(file));
}
const sources = hash.digest('hex');
const stampOf = (q) => `sources=${sources}\nbrotli=${q}\n`;

/** The stamp's Brotli quality when it names these sources, else null (no build, or another one). */
function builtQuality() {
  if (!existsSync(stampFile)) return null;
  const stamp = readFileSync(stampFile, 'utf8');
  const [, built, q] = /^sources=([0-9a-f]+)\nbrotli=(\d+)\n$/.exec(stamp) ?? [];
  return built === sources ? Number(q) : null;
}

/** Text files the build precompresses (apps/web/precompress.ts, which writes them the first time). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|xml|wasm)$/;

/** Compresses the build's files again at `q` (the same files and names: only the .br bytes change). */
function recompress(q) {
  let n = 0;
  for (const rel of readdirSync(dist, { recursive: true })) {
    const file = path.join(dist, String(rel));
    if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    if (br.length < raw.length) {
      writeFileSync(`${file}.br`, br);
      n += 1;
    }
  }
  return n;
}

const built = process.argv.includes('--force') ? null : builtQuality();
if (built !== null && built >= quality) {
  console.log('web build is up to date (apps/web/dist)');
  process.exit(0);
}
if (built !== null) {
  const n = recompress(quality);
  writeFileSync(stampFile, stampOf(quality));
  console.log(`web build is up to date; ${n} files compressed again at Brotli quality ${quality}`);
  process.exit(0);
}
const run = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_BROTLI_QUALITY: String(quality) },
});
if (run.status !== 0) process.exit(run.status ?? 1);
writeFileSync(stampFile, stampOf(quality));
