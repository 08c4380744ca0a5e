import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { CLOUD_NOT_RUNNABLE, type CloudCatalogue } from '@rushes/shared';
import type { Runnable } from './cloud.machine.ts';

/**
 * Which catalogue entries a provider can really run. A software runs where its launch command's
 * program exists; a plugin is offered where its check exists and one of its softwares runs. The
 * wizard offers only these (external tools always: they run in the user's browser).
 */

/** Whether a program is on PATH (executable). */
export async function onPath(bin: string) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      await access(path.join(dir, bin), constants.X_OK);
      return true;
    } catch {
      // next
    }
  }
  return false;
}

/** A catalogue check on this machine: an absolute path that exists, or a program name on PATH. */
export async function checkHere(check: string) {
  if (path.isAbsolute(check))
    return access(check, constants.F_OK).then(
      () => true,
      () => false,
    );
  return !check.includes('/') && onPath(check);
}

/** Plugins whose check passed, kept only when one of their softwares runs. */
function withPlugins(c: CloudCatalogue, softwares: Set<string>, pluginOk: (slug: string) => boolean) {
  const plugins = new Set(
    c.plugins.filter((p) => pluginOk(p.slug) && p.softwares.some((s) => softwares.has(s))).map((p) => p.slug),
  );
  return { softwares, plugins };
}

/** The simulated provider: every software and plugin (no machine runs anything). */
export function runsEverything(c: CloudCatalogue): Runnable {
  return {
    softwares: new Set(c.softwares.map((s) => s.slug)),
    plugins: new Set(c.plugins.map((p) => p.slug)),
  };
}

/** Every software that has a launch command, and their plugins (a pool none of whose agents reported). */
export function runsLaunchable(c: CloudCatalogue): Runnable {
  const softwares = new Set(c.softwares.filter((s) => s.launch).map((s) => s.slug));
  return withPlugins(c, softwares, () => true);
}

/** Why each entry can or cannot run on this machine (null: it runs), for the operator's page. */
export async function localRunnableReport(c: CloudCatalogue) {
  const softwares: Record<string, string | null> = {};
  for (const s of c.softwares) {
    if (s.external_url) continue;
    softwares[s.slug] = !s.launch
      ? CLOUD_NOT_RUNNABLE.noLaunch
      : (await checkHere(s.launch.check))
        ? null
        : CLOUD_NOT_RUNNABLE.notInstalled(s.launch.check);
  }
  const plugins: Record<string, string | null> = {};
  for (const p of c.plugins) {
    plugins[p.slug] =
      p.check && !(await checkHere(p.check))
        ? CLOUD_NOT_RUNNABLE.notInstalled(p.check)
        : p.softwares.some((s) => softwares[s] === null)
          ? null
          : CLOUD_NOT_RUNNABLE.noSoftware;
  }
  return { softwares, plugins };
}

/** The local provider: what this machine has installed. */
export async function localRunnable(c: CloudCatalogue): Promise<Runnable> {
  const report = await localRunnableReport(c);
  const ok = (r: Record<string, string | null>) =>
    new Set(
      Object.entries(r)
        .filter(([, why]) => why === null)
        .map(([slug]) => slug),
    );
  return { softwares: ok(report.softwares), plugins: ok(report.plugins) };
}

/** Whether a software may be offered by a provider that runs `run` (external tools always). */
export const offered = (run: Runnable, s: CloudCatalogue['softwares'][number]) =>
  Boolean(s.external_url) || run.softwares.has(s.slug);
