#!/usr/bin/env node
// Builds the uploader download of every platform from the official Node.js binaries the npm registry
// ships, on any machine that runs linux-x64 binaries (the SEA blob is made by the target's Node
// version), and writes manifest.json beside them: what the server serves and the /uploader page lists.
//
//   npm run build:uploader [-- --out <dir>] [--only windows,linux]
//
// The output directory is --out, else UPLOADER_DIST (the server's setting), else packages/uploader/dist.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { writeTarGz, writeZip } from './archive.mjs';
import { injectSea, seaBlob } from './executable.mjs';
import { NODE_VERSION, nodeBinary } from './nodeBinaries.mjs';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'bin', 'rushes-upload.mjs');
const PROGRAM = 'rushes-upload.cjs';

/**
 * One download per platform, and why it has that form:
 * - a single executable (Node SEA) where the changed binary runs as it is: Windows does not require a
 *   signature (SmartScreen asks once: More info → Run anyway) and Linux has none;
 * - a portable archive with the untouched official binary, its Node.js Foundation / OpenJS signature
 *   intact, where injecting would hurt: macOS on Apple silicon kills a binary whose signature no longer
 *   matches and re-signing needs Apple's codesign (not on a Linux build machine); on Intel Macs an
 *   unsigned SEA would run, but a bare binary downloaded by a browser loses its executable bit (a
 *   Terminal chmod first) and Gatekeeper meets an unknown binary, while the archive keeps the modes,
 *   has a double-click launcher and gives both Macs the same steps;
 * - Windows Portable: the signed node.exe beside the program, for machines whose policy refuses
 *   unsigned executables, run from any folder or USB stick.
 */
export const TARGETS = [
  { os: 'windows', node: 'win-x64', form: 'sea', file: 'rushes-upload-windows-x64.exe' },
  { os: 'windows_portable', node: 'win-x64', form: 'zip', file: 'rushes-upload-windows-x64-portable.zip' },
  { os: 'macos_intel', node: 'darwin-x64', form: 'tar.gz', file: 'rushes-upload-macos-x64.tar.gz' },
  { os: 'macos_silicon', node: 'darwin-arm64', form: 'tar.gz', file: 'rushes-upload-macos-arm64.tar.gz' },
  { os: 'linux', node: 'linux-x64', form: 'sea', file: 'rushes-upload-linux-x64' },
];

const FOLDER = 'rushes-upload';
const README = (how) =>
  [
    'Rushes uploader',
    '',
    `${how}`,
    'With no arguments it opens the uploader page in your browser (drag and drop, the queue, watch folders).',
    'From a terminal: rushes-upload --help',
    '',
    `It runs on the official Node.js ${NODE_VERSION} in this folder (NODE-LICENSE.txt).`,
    '',
  ].join('\n');
const WINDOWS_LAUNCHER = [
  '@echo off',
  'rem Rushes uploader: the program with the Node.js of this folder.',
  '"%~dp0node.exe" "%~dp0rushes-upload.cjs" %*',
  'if errorlevel 1 if "%~1"=="" pause',
  '',
].join('\r\n');
const SHELL_LAUNCHER = [
  '#!/bin/sh',
  '# Rushes uploader: the program with the Node.js of this folder.',
  'dir=$(cd "$(dirname "$0")" && pwd)',
  'exec "$dir/node" "$dir/rushes-upload.cjs" "$@"',
  '',
].join('\n');
const FINDER_LAUNCHER = [
  '#!/bin/sh',
  '# Double-clicked in Finder: opens the uploader page in the browser; this window shows its log.',
  'exec "$(dirname "$0")/rushes-upload" "$@"',
  '',
].join('\n');

/** The archive entries of a portable target (names inside its top folder). */
function portableEntries(target, node, license, program) {
  const common = [
    { name: PROGRAM, mode: 0o644, file: program },
    ...(license ? [{ name: 'NODE-LICENSE.txt', mode: 0o644, file: license }] : []),
  ];
  if (target.node.startsWith('win')) {
    return [
      { name: 'node.exe', mode: 0o755, file: node },
      { name: 'rushes-upload.cmd', mode: 0o755, text: WINDOWS_LAUNCHER },
      {
        name: 'README.txt',
        mode: 0o644,
        text: README('Double-click rushes-upload.cmd.').replace(/\n/g, '\r\n'),
      },
      ...common,
    ];
  }
  return [
    { name: 'node', mode: 0o755, file: node },
    { name: 'rushes-upload', mode: 0o755, text: SHELL_LAUNCHER },
    { name: 'Rushes Uploader.command', mode: 0o755, text: FINDER_LAUNCHER },
    { name: 'README.txt', mode: 0o644, text: README('Double-click "Rushes Uploader.command".') },
    ...common,
  ];
}

async function sha256Of(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/** Bundles the program to one CommonJS file (a SEA's main script is CommonJS); pages come in as text. */
async function bundle(out) {
  const result = await build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    loader: { '.html': 'text', '.css': 'text', '.svg': 'text', '.txt': 'text' },
    logLevel: 'silent',
  });
  // import.meta is empty in CommonJS: only a fallback for the unbundled program may read it
  for (const w of result.warnings.filter((w) => w.id === 'empty-import-meta')) {
    console.log(`notice: ${w.location?.file}:${w.location?.line} reads import.meta, empty in the bundle`);
  }
}

function previousManifest(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

async function main() {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, only: { type: 'string' } },
  });
  const started = Date.now();
  const outDir = path.resolve(values.out ?? process.env.UPLOADER_DIST ?? path.join(root, 'dist'));
  const only = values.only?.split(',').map((s) => s.trim());
  const unknown = only?.filter((os) => !TARGETS.some((t) => t.os === os)) ?? [];
  if (unknown.length)
    throw new Error(`unknown platform ${unknown.join(', ')} (${TARGETS.map((t) => t.os).join(', ')})`);
  const targets = TARGETS.filter((t) => !only || only.includes(t.os));
  const work = path.join(outDir, '.build');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });

  const program = path.join(work, PROGRAM);
  await bundle(program);
  const nodes = {};
  for (const key of new Set(['linux-x64', ...targets.map((t) => t.node)])) nodes[key] = await nodeBinary(key);
  // the blob is made by the targets' Node version running here: the cached official one of this machine
  const host = `${process.platform}-${process.arch}`;
  if (host === 'linux-arm64') nodes[host] = await nodeBinary(host);
  const blobMaker = nodes[host]?.binary ?? (process.version === `v${NODE_VERSION}` ? process.execPath : null);
  if (!blobMaker) {
    throw new Error(
      `the SEA blob needs Node ${NODE_VERSION}: build on Linux (x64 or arm64) or run this with that Node`,
    );
  }
  const blob = await seaBlob(blobMaker, program, work);
  const mtime = process.env.SOURCE_DATE_EPOCH
    ? new Date(Number(process.env.SOURCE_DATE_EPOCH) * 1000)
    : new Date();
  const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;

  const built = await Promise.all(
    targets.map(async (target) => {
      const t0 = Date.now();
      const tmp = path.join(work, target.file);
      const { binary, license } = nodes[target.node];
      if (target.form === 'sea') {
        await injectSea(binary, blob, tmp, target.node.startsWith('win') ? 'pe' : 'elf');
        chmodSync(tmp, 0o755);
      } else {
        const entries = portableEntries(target, binary, license ?? nodes['linux-x64'].license, program);
        if (target.form === 'zip') {
          await writeZip(
            tmp,
            entries.map((e) => ({ ...e, name: `${FOLDER}/${e.name}` })),
            mtime,
          );
        } else {
          await writeTarGz(tmp, FOLDER, entries, mtime);
        }
      }
      const final = path.join(outDir, target.file);
      // a download under way keeps reading the file it opened
      renameSync(tmp, final);
      const item = {
        os: target.os,
        file: target.file,
        size: statSync(final).size,
        sha256: await sha256Of(final),
        form: target.form,
        node: NODE_VERSION,
      };
      console.log(
        `${target.os}: ${target.file} ${(item.size / 1e6).toFixed(1)} MB, ${target.form} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
      );
      return item;
    }),
  );

  const manifestFile = path.join(outDir, 'manifest.json');
  const kept = (previousManifest(manifestFile)?.platforms ?? []).filter(
    (p) =>
      !built.some((b) => b.os === p.os) &&
      TARGETS.some((t) => t.os === p.os) &&
      existsSync(path.join(outDir, p.file)),
  );
  const platforms = [...kept, ...built].sort(
    (a, b) => TARGETS.findIndex((t) => t.os === a.os) - TARGETS.findIndex((t) => t.os === b.os),
  );
  const manifest = { version, node: NODE_VERSION, built_at: new Date().toISOString(), platforms };
  writeFileSync(`${manifestFile}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(`${manifestFile}.tmp`, manifestFile);
  // files of an earlier build that the manifest no longer names
  for (const name of readdirSync(outDir)) {
    if (name.startsWith('rushes-upload-') && !platforms.some((p) => p.file === name))
      rmSync(path.join(outDir, name));
  }
  rmSync(work, { recursive: true, force: true });
  console.log(
    `uploader ${version} on Node ${NODE_VERSION}: ${platforms.length} files in ${outDir} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}

await main();
