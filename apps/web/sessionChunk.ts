import path from 'node:path';
import type { Rolldown } from 'vite';
import { ROUTES } from './routePreloads.ts';

type Group = NonNullable<
  Extract<NonNullable<Rolldown.OutputOptions['codeSplitting']>, object>['groups']
>[number];
type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null;

/**
 * One chunk for the code every logged-in page needs at once and no public page needs: what the
 * login guard and the shell import statically, minus what a public route's page imports (issue 22,
 * P8). Without it that code came as 7 small common chunks (the avatar, the upgrade dialog, the
 * cloud rules, the tasks API…), each shared with some other lazy page, and over HTTP/1.1 every small
 * file costs a request slot and a round trip before the page can paint. Every logged-in page loads
 * the shell, so they load nothing more; a public page (a review link, /login) loads none of it.
 */
export function sessionChunk(root: string): Group {
  const abs = (rel: string) => path.join(root, rel);
  const sessionRoots = ['src/app/shell/RequireAuth.tsx', 'src/app/shell/ShellRoute.tsx'].map(abs);
  const publicRoots = ROUTES.filter((r) => !r.session).flatMap((r) => r.modules.map(abs));
  let members: Set<string> | null = null;
  return {
    name: (id, ctx) => {
      members ??= sessionOnly(sessionRoots, publicRoots, (m) => ctx.getModuleInfo(m));
      return members.has(id) && !id.includes('node_modules') ? 'session' : null;
    },
    // only the modules above: their libraries stay where the other groups put them
    includeDependenciesRecursively: false,
  };
}

function staticClosure(roots: string[], info: ModuleInfoOf): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of info(id)?.importedIds ?? []) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

function sessionOnly(sessionRoots: string[], publicRoots: string[], info: ModuleInfoOf): Set<string> {
  const shared = staticClosure(publicRoots, info);
  return new Set([...staticClosure(sessionRoots, info)].filter((id) => !shared.has(id)));
}
