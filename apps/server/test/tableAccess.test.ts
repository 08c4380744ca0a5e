import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint:tables` (scripts/table-access.mjs, docs/architecture.md "Tables per module") on a
 * fixture laid out like the repository (test/fixtures/tables): alpha writes beta's table, reads it
 * unlisted, reads beta's notes as its allow-list says, and the list holds an entry for a file that
 * no longer reads anything. Each must be caught, and the allowed read and beta's own writes let through.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const script = path.join(root, 'scripts/table-access.mjs');
const fixture = path.join(import.meta.dirname, 'fixtures/tables');

const run = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [script, '--root', dir, ...args], { encoding: 'utf8' });

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

describe('table access lint', () => {
  it('fails on a foreign write, an unlisted read and a stale allow-list entry', () => {
    const { status, stderr } = run(fixture);
    expect(status).toBe(1);
    expect(stderr).toContain('alpha/alpha.writer.ts:8 updates beta_things (owned by beta)');
    expect(stderr).toContain('alpha/alpha.reader.ts reads beta_things');
    expect(stderr).toMatch(/remove these entries:\n {2}alpha: beta_notes: alpha.gone.ts/);
    // The listed read, the owner's own writes and the testkit's are not reported.
    expect(stderr).not.toContain('alpha.listed.ts');
    expect(stderr).not.toContain('beta/');
    expect(stderr).not.toContain('testkit');
  });

  it('--baseline lists the reads again, and a foreign write still fails', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'table-access-'));
    copies.push(copy);
    fs.cpSync(fixture, copy, { recursive: true });
    const { status, stderr } = run(copy, '--baseline');
    expect(status).toBe(1);
    expect(stderr).toContain('alpha/alpha.writer.ts:8 updates beta_things');
    expect(stderr).not.toContain('reads beta_things');
    expect(stderr).not.toContain('remove these entries');
    const allowed = JSON.parse(fs.readFileSync(path.join(copy, 'scripts/table-access.allow.json'), 'utf8'));
    expect(allowed).toEqual({
      alpha: {
        beta_notes: ['alpha.listed.ts'],
        beta_things: ['alpha.reader.ts', 'alpha.writer.ts'],
      },
    });
  });
});
