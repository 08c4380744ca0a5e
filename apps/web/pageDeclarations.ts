import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
import type { PageLayout } from './src/app/pageRoutes.ts';
import { PATHS } from './src/app/paths.ts';

/** A page as its feature's `pages.ts` declares it, read by the build (routePreloads.ts). */
export interface DeclaredPage {
  path: string;
  layout: PageLayout;
  /** the page module, relative to the web app's root: `src/features/auth/LoginPage.tsx` */
  module: string;
  direct: boolean;
}

const LAYOUTS: readonly string[] = ['public', 'query', 'auth', 'shell'] satisfies PageLayout[];

/** An ESTree node, loosely: only the shapes a `pages.ts` is written in are read. */
interface Node {
  type: string;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Every node of the tree, depth first. */
function* nodes(value: unknown): Generator<Node> {
  if (Array.isArray(value)) {
    for (const item of value) yield* nodes(item);
  } else if (isNode(value)) {
    yield value;
    for (const [key, child] of Object.entries(value)) if (key !== 'type') yield* nodes(child);
  }
}

function property(object: Node, name: string): Node | undefined {
  const props = object.properties as Node[];
  const found = props.find(
    (p) =>
      p.type === 'Property' &&
      !p.computed &&
      (p.key as Node).type === 'Identifier' &&
      (p.key as Node).name === name,
  );
  return found?.value as Node | undefined;
}

/**
 * The pages every `src/features/<f>/pages.ts` declares, read from the source rather than run:
 * running them in the build would follow their lazy imports into every page. router.tsx collects
 * the same files at run time (import.meta.glob), so the two cannot list different pages; a page
 * written in another shape than app/pageRoutes.ts describes fails the build here.
 */
export function readDeclaredPages(root: string): DeclaredPage[] {
  const features = path.join(root, 'src/features');
  return readdirSync(features)
    .sort()
    .flatMap((feature) => {
      const file = path.join(features, feature, 'pages.ts');
      return existsSync(file) ? pagesOf(root, file) : [];
    });
}

function pagesOf(root: string, file: string): DeclaredPage[] {
  const { program, errors } = parseSync(file, readFileSync(file, 'utf8'), { lang: 'ts' });
  if (errors.length) throw new Error(`${file}: ${errors[0].message}`);
  const fail = (what: string): never => {
    throw new Error(`${path.relative(root, file)}: ${what} (app/pageRoutes.ts gives the shape)`);
  };
  return [...nodes(program)]
    .filter((n) => n.type === 'ObjectExpression' && property(n, 'page'))
    .map((page) => {
      const at = property(page, 'path');
      // PATHS.<name>, or the path itself: a new feature may keep its path in its own folder
      const name = at?.type === 'MemberExpression' ? (at.property as Node).name : undefined;
      const pathValue =
        typeof name === 'string'
          ? (PATHS as Record<string, string>)[name]
          : typeof at?.value === 'string' && at.value.startsWith('/')
            ? at.value
            : undefined;
      const layout = property(page, 'layout');
      const load = property(page, 'page');
      const body = load?.type === 'ArrowFunctionExpression' ? (load.body as Node) : undefined;
      const source = body?.type === 'ImportExpression' ? (body.source as Node).value : undefined;
      if (!pathValue) return fail("a page without `path: PATHS.<name>` or `path: '/<path>'`");
      if (typeof layout?.value !== 'string' || !LAYOUTS.includes(layout.value))
        return fail(`${pathValue}: no layout`);
      if (typeof source !== 'string')
        return fail(`${pathValue}: write \`page: () => import('./<X>Page.tsx')\``);
      return {
        path: pathValue,
        layout: layout.value as PageLayout,
        module: path
          .relative(root, path.resolve(path.dirname(file), source))
          .split(path.sep)
          .join('/'),
        direct: property(page, 'direct')?.value === true,
      };
    });
}
