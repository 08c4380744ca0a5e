import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` / `npm test` (scripts/build-web.mjs) on a checkout laid out like the repository whose
 * web build is a stand-in: it writes dist/app.js with its .br at the quality it is asked for and
 * counts its runs. A build of the same sources is made once, whichever command came first.
 */
const root = path.resolve(import.meta.dirname, '../..', '..');
const script = path.join(root, 'scripts/build-web.mjs');
const checkout = fs.mkdtempSync(path.join(os.tmpdir(), 'rushes-build-web-'));
afterAll(() => fs.rmSync(checkout, { recursive: true, force: true }));

const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(checkout, rel)), { recursive: true });
  fs.writeFileSync(path.join(checkout, rel), text);
};
write('package.json', JSON.stringify({ name: 'fixture', private: true, workspaces: ['apps/web'] }));
write('package-lock.json', '{}');
write('packages/shared/src/labels.ts', "export const HELLO = 'Hello';\n");
write('apps/web/src/main.ts', "console.log('app');\n");
write(
  'apps/web/package.json',
  JSON.stringify({ name: 'fixture-web', private: true, scripts: { build: 'node build.mjs' } }),
);
write(
  'apps/web/build.mjs',
  `import fs from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
fs.rmSync('dist', { recursive: true, force: true });
fs.mkdirSync('dist');
const js = 'export const app = "' + 'rushes '.repeat(2000) + '";\\n';
fs.writeFileSync('dist/app.js', js);
const q = Number(process.env.WEB_BROTLI_QUALITY);
fs.writeFileSync('dist/app.js.br', brotliCompressSync(js, { params: { [constants.BROTLI_PARAM_QUALITY]: q } }));
fs.appendFileSync('../../builds.log', q + '\\n');
`,
);

const run = (...args: string[]) => {
  const out = spawnSync(process.execPath, [script, '--root', checkout, ...args], { encoding: 'utf8' });
  expect(out.status, out.stderr).toBe(0);
  return out.stdout;
};
const builds = () => fs.readFileSync(path.join(checkout, 'builds.log'), 'utf8').trim().split('\n');
const stamp = () => fs.readFileSync(path.join(checkout, 'apps/web/dist/.build-stamp'), 'utf8');

describe('scripts/build-web.mjs', () => {
  it('builds once for a test run and a start in any order; a start only compresses a test build again', () => {
    run('--for=test');
    expect(builds()).toEqual(['5']);
    expect(run('--for=test')).toContain('up to date');

    // npm start after npm test: no second build, the same files at the users' Brotli quality
    expect(run()).toContain('compressed again at Brotli quality 11');
    expect(builds()).toEqual(['5']);
    expect(stamp()).toMatch(/\nbrotli=11\n$/);
    const js = fs.readFileSync(path.join(checkout, 'apps/web/dist/app.js'));
    const br = fs.readFileSync(path.join(checkout, 'apps/web/dist/app.js.br'));
    expect(brotliDecompressSync(br).equals(js)).toBe(true);

    // and from then on neither a start nor a test run builds
    expect(run()).toContain('up to date');
    expect(run('--for=test')).toContain('up to date');
    expect(run()).toContain('up to date');
    expect(builds()).toEqual(['5']);
  });

  it('what the running app writes (installed packages, the build itself) changes nothing; a source change builds', () => {
    write('apps/web/node_modules/.vite-temp/config.mjs', 'x');
    write('apps/web/dist/extra.txt', 'x');
    expect(run()).toContain('up to date');
    write('packages/shared/src/labels.ts', "export const HELLO = 'Hi';\n");
    run();
    expect(builds()).toEqual(['5', '11']);
    expect(run('--for=test')).toContain('up to date');
    run('--force', '--for=test');
    expect(builds()).toEqual(['5', '11', '5']);
  });
});
