#!/usr/bin/env node
// Builds a single-file executable of the uploader for the platform it runs on (Node single executable
// applications): esbuild bundles the CLI to one CommonJS file, node makes the SEA blob, postject
// injects it into a copy of this node binary. The result is UNSIGNED (macOS and Windows ask before the
// first run); run it on each target OS (a macOS arm64 machine for 'macOS Apple Silicon', and so on).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const exe = process.platform === 'win32' ? '.exe' : '';
const name = `rushes-upload-${process.platform}-${process.arch}-unsigned${exe}`;
const run = (cmd, args) =>
  execFileSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
run('npx', [
  'esbuild',
  'bin/rushes-upload.mjs',
  '--bundle',
  '--platform=node',
  '--format=cjs',
  '--outfile=dist/rushes-upload.cjs',
]);
writeFileSync(
  path.join(dist, 'sea-config.json'),
  JSON.stringify({
    main: 'dist/rushes-upload.cjs',
    output: 'dist/sea-prep.blob',
    disableExperimentalSEAWarning: true,
  }),
);
run(process.execPath, ['--experimental-sea-config', 'dist/sea-config.json']);
const out = path.join(dist, name);
copyFileSync(process.execPath, out);
const args = [
  out,
  'NODE_SEA_BLOB',
  'dist/sea-prep.blob',
  '--sentinel-fuse',
  'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
];
if (process.platform === 'darwin') {
  run('codesign', ['--remove-signature', out]);
  args.push('--macho-segment-name', 'NODE_SEA');
}
run('npx', ['--yes', 'postject@1.0.0-alpha.6', ...args]);
console.log(`built ${path.relative(process.cwd(), out)} (unsigned)`);
