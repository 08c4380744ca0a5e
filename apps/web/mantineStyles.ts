import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { chunksOf } from './firstBuild.ts';

/** The stylesheet the app imports (src/main.tsx): every component of @mantine/core, 295 KB raw. */
const FULL = '@mantine/core/styles.css';
/** The global styles every component relies on (Mantine's 'Global styles'). */
const GLOBAL = ['baseline', 'default-css-variables', 'global'];
/** A component's class names, `<Name>.module.mjs`: its styles are `styles/<Name>.css`. */
const CLASS_NAMES = /@mantine\/core\/esm\/.*\/(\w+)\.module\.mjs$/;

/** The components whose class names are in the bundle's modules. */
function componentsIn(moduleIds: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const id of moduleIds) {
    const name = CLASS_NAMES.exec(id)?.[1];
    if (name) names.add(name);
  }
  return names;
}

/**
 * The Mantine stylesheet cut to the components the app uses (docs/decisions/0030-web-first-load.md 'Web
 * first load, ninth cut'). Every page's first load carried all of @mantine/core's styles (29.5 KB
 * Brotli) before its first paint, for 62 of its 105 components (Mantine 9.7). Mantine ships one file per
 * component (`@mantine/core/styles/<Name>.css`, its 'CSS files list'), and a component's JavaScript
 * reads its class names from `<Name>.module.mjs`, so the first build (firstBuild.ts) says which
 * components the bundle holds, its own and those it builds on (a Select's Combobox and Popover).
 *
 * The import in main.tsx stays the full stylesheet, which `npm run dev` uses as it is; the build
 * loads in its place those components' files, in the order they have in the full stylesheet, so
 * the cascade is the same with fewer rules. The real build checks that it holds no component the
 * first build did not see.
 */
export function mantineStyles(): { reader: Plugin; plugin: () => Plugin } {
  let used = new Set<string>();
  return {
    reader: {
      name: 'rushes-mantine-components',
      generateBundle(_options, bundle) {
        used = componentsIn(chunksOf(bundle).flatMap((c) => c.moduleIds));
      },
    },
    plugin: () => {
      if (used.size === 0) throw new Error('mantine styles: the first build found no Mantine component');
      const full = createRequire(import.meta.url).resolve(FULL);
      return {
        name: 'rushes-mantine-styles',
        apply: 'build',
        enforce: 'pre',
        load(id) {
          if (id.split('?')[0] === full) return stylesheetFor(full, used);
        },
        generateBundle(_options, bundle) {
          const unseen = [...componentsIn(chunksOf(bundle).flatMap((c) => c.moduleIds))].filter(
            (name) => !used.has(name),
          );
          if (unseen.length > 0)
            this.error(
              `mantine styles: no styles for ${unseen.join(', ')}, which the first build did not hold`,
            );
        },
      };
    },
  };
}

/** The global styles and those of `components`, in the full stylesheet's order. */
function stylesheetFor(full: string, components: Set<string>): string {
  const whole = readFileSync(full, 'utf8');
  const dir = path.join(path.dirname(full), 'styles');
  const files = readdirSync(dir)
    .filter((f) => !f.endsWith('.layer.css'))
    .map((f) => f.replace(/\.css$/, ''))
    .filter((name) => GLOBAL.includes(name) || components.has(name))
    .map((name) => {
      const css = readFileSync(path.join(dir, `${name}.css`), 'utf8').trim();
      const at = whole.indexOf(css);
      if (at < 0)
        throw new Error(`mantine styles: ${name}.css is not part of ${FULL}; has Mantine changed its files?`);
      return { at, css };
    });
  return files
    .sort((a, b) => a.at - b.at)
    .map((f) => f.css)
    .join('\n');
}
