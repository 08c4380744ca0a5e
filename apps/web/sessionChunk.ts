import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { chunksOf, type Group } from './firstBuild.ts';
import { ROUTES, SHELL } from './routePreloads.ts';
import { PATHS } from './src/app/paths.ts';

/** The public pages whose first load must not carry the session chunk: the log in and its forms. */
const KEPT_APART: string[] = [
  PATHS.login,
  PATHS.signup,
  PATHS.forgotPassword,
  PATHS.resetPassword,
  PATHS.twoFactor,
];

/**
 * One chunk for the code every logged-in page loads at once beyond what /login loads
 * (docs/decisions/0030-web-first-load.md 'Web first load, eighth cut'). Over HTTP/1.1 each file of a page's first load
 * costs a request slot and a round trip, and a file waiting its turn shares the bandwidth with the
 * others: home loaded the shell as 12 files (TanStack Query, the shell's Mantine parts, the avatar,
 * the socket, three layouts…), and in Lighthouse's simulation that took 80–100 ms more than one.
 *
 * Which modules those are can only be known after tree shaking: the shell imports Mantine and our
 * shared package through barrels, so the import graph says it needs all of both. So the members
 * are read from the first build (firstBuild.ts) of the same code without this group: every module of a
 * chunk that the shell's layouts load at once, except the chunks a page kept apart loads (the log
 * in and its forms, and what index.html loads for every page). The review, verify and outbox pages
 * read through the same query layout and load the session chunk with it.
 */
export function sessionChunk(root: string): { reader: Plugin; group: () => Group } {
  let members = new Set<string>();
  return {
    reader: collectShellModules(root, (ids) => (members = ids)),
    group() {
      if (members.size === 0) throw new Error('session chunk: the first build found no shell module');
      return {
        name: 'session',
        test: (id) => members.has(id),
        // before the texts group, which would otherwise take the words the shell shares with the forms
        priority: 1,
        // only the members: their libraries stay where the other groups put them
        includeDependenciesRecursively: false,
      };
    },
  };
}

/** The module ids of the chunks the shell loads at once, minus those of the pages kept apart. */
function collectShellModules(root: string, found: (ids: Set<string>) => void): Plugin {
  return {
    name: 'rushes-session-members',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const lazy = (rel: string) => {
        const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId === path.join(root, rel));
        if (!chunk) throw new Error(`session chunk: no chunk for ${rel}; is it still lazy?`);
        return chunk;
      };
      const closure = (start: Rolldown.OutputChunk[]) => {
        const seen = new Set<Rolldown.OutputChunk>();
        const visit = (chunk: Rolldown.OutputChunk) => {
          if (seen.has(chunk)) return;
          seen.add(chunk);
          for (const file of chunk.imports) {
            const next = byFile.get(file);
            if (next) visit(next);
          }
        };
        start.forEach(visit);
        return seen;
      };
      const keptApartModules = ROUTES.filter((r) => KEPT_APART.includes(r.path)).flatMap((r) => r.modules);
      const apart = closure([...chunks.filter((c) => c.isEntry), ...keptApartModules.map(lazy)]);
      // by module, not by chunk: a small common chunk is copied into each chunk that needs it
      const apartModules = new Set([...apart].flatMap((c) => c.moduleIds));
      const shell = [...closure(SHELL.map(lazy))].flatMap((c) => c.moduleIds);
      found(new Set(shell.filter((id) => !apartModules.has(id))));
    },
  };
}
