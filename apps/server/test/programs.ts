import { spawnSync } from 'node:child_process';

/**
 * Whether a system program is on PATH. Without it a test that needs it skips with a notice, as on a
 * machine with only Node and npm; on CI (which installs it, .ci/run) its absence fails the run.
 */
export function haveBinary(name: string): boolean {
  const found = spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
  if (!found) {
    if (process.env.CI) throw new Error(`${name} is required in CI (installed by .ci/run)`);
    console.warn(`[tests] ${name} not installed: skipping the tests that need it`);
  }
  return found;
}
