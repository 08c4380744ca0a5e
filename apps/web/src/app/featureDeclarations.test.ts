import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDeclaredPages } from '../../pageDeclarations.ts';
import type { PageRoute } from './pageRoutes.ts';
import type { PanelEntry } from './panels/registry.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('pages declared by the features', () => {
  // what router.tsx collects at run time
  const pages = Object.values(
    import.meta.glob<PageRoute[]>('../features/*/pages.ts', { eager: true, import: 'pages' }),
  ).flat();

  it('are read alike by the build (route preloads) and by the router', () => {
    // a page the build cannot read would silently lose its preloads
    const declared = readDeclaredPages(root).map((p) => `${p.layout} ${p.path}`);
    expect(declared.sort()).toEqual(pages.map((p) => `${p.layout} ${p.path}`).sort());
  });

  it('each take a path of their own', () => {
    const paths = pages.map((p) => p.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('name a page module for each URL opened directly', () => {
    const direct = readDeclaredPages(root).filter((p) => p.direct);
    expect(direct.map((p) => p.path)).toContain('/login');
    for (const page of direct) expect(page.module).toMatch(/^src\/features\/[\w-]+\/[\w/]+\.tsx$/);
  });
});

describe('side panels declared by the features', () => {
  const tables = Object.values(
    import.meta.glob<Record<string, PanelEntry<never>>>('../features/*/panels.ts', {
      eager: true,
      import: 'panels',
    }),
  );

  it('each have one entry, with a title, a help section and a component', () => {
    const types = tables.flatMap((t) => Object.keys(t));
    expect(types.filter((t, i) => types.indexOf(t) !== i)).toEqual([]);
    for (const entry of tables.flatMap((t) => Object.values(t))) {
      expect(entry.title).toBeTruthy();
      expect(entry.help).toBeTruthy();
      expect(entry.component).toBeTruthy();
    }
  });
});
