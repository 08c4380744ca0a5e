// system programs: Xvfb, openbox, x11vnc, xprop
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ModuleLog } from '../../platform/modules.ts';
import { processesOfHome, xClient } from './cloud.desktop.ts';
import { createLocalProvider, missingLocalBinaries } from './cloud.local.ts';
import { onPath } from './cloud.runnable.ts';

/**
 * The local provider across a server restart, without the app: a second provider (the restarted
 * server) starting the same session ends what the first left running in its home and keeps the home
 * (renders not yet sent are in it); the new desktop is managed by openbox before it is served. The
 * desktop is bare (no session row: no program, no agent). Skipped with a notice without the programs,
 * required on CI.
 */
const missing = [...(await missingLocalBinaries()), ...((await onPath('xprop')) ? [] : ['xprop'])];
if (missing.length) {
  if (process.env.CI) throw new Error(`the local restart test needs ${missing.join(', ')} on CI`);
  console.warn(`Skipping the local restart test: ${missing.join(', ')} not installed`);
}

const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as unknown as ModuleLog;
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe.skipIf(missing.length > 0)('the local provider after a server restart', () => {
  it("ends the old desktop's processes, keeps the home, serves a managed desktop; stop removes it all", async () => {
    const homeDir = await mkdtemp(path.join(os.tmpdir(), 'rushes-restart-'));
    dirs.push(homeDir);
    const opts = { geometry: '320x240', homeDir, finalSyncSeconds: 1, log: quiet };
    const before = createLocalProvider(opts);
    const first = await before.start('session-1', { hardwareSlug: 'standard' });
    const home = path.join(homeDir, 'session-1');
    expect((await stat(home)).mode & 0o777).toBe(0o700);
    const old = await processesOfHome(home);
    expect(old.length).toBeGreaterThanOrEqual(3);
    await writeFile(path.join(home, 'pending-render.mov'), 'not sent yet');

    // the server restarts: this process's provider is new, the old desktop still runs
    const after = createLocalProvider(opts);
    const second = await after.start('session-1', { hardwareSlug: 'standard' });
    const now = await processesOfHome(home);
    expect(now.filter((pid) => old.includes(pid))).toEqual([]);
    expect(await readFile(path.join(home, 'pending-render.mov'), 'utf8')).toBe('not sent yet');
    expect(second.port).not.toBe(first.port);
    // served only once openbox owned the screen
    const wm = await xClient('xprop', ['-root', '_NET_SUPPORTING_WM_CHECK'], {
      ...process.env,
      DISPLAY: second.ref,
    });
    expect(wm).toContain('window id #');

    await after.stop('session-1');
    expect(await processesOfHome(home)).toEqual([]);
    await expect(stat(home)).rejects.toThrow();
    await before.close();
  }, 60_000);
});
