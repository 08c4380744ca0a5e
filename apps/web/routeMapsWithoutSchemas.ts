import type { Plugin } from 'vite';

/**
 * The route maps of packages/shared: `@rushes/shared/routes/<m>` (not their helpers or tests) and a
 * feature's own, `src/<feature>/routes.ts` (`@rushes/shared/<feature>`).
 */
const ROUTE_MAP =
  /[\\/]packages[\\/]shared[\\/]src[\\/](?:routes[\\/](?!define\.|index\.)[^\\/]+|[^\\/]+[\\/]routes)\.ts$/;
/** What the server validates and serialises with; the built web reads only method, path and raw. */
const SCHEMA_KEYS = new Set(['query', 'body', 'response']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) if (isNode(child)) walk(child, visit);
    if (isNode(value)) walk(value, visit);
  }
}

/**
 * In the production build of the web, each `defineRoutes(tag, { name: { method, path, query, body,
 * response, … } })` entry of a shared route map loses its `query`, `body` and `response` schemas.
 * The web's `call()` sends by method and path and checks answers against `response` only in
 * development (apps/web/src/api/client.ts `checkAnswer`), so in production these schemas were dead
 * weight that every page's first load carried: with them, importing one route map brought zod's
 * whole classic API and the schema modules that map names. Without them the schema
 * modules are tree-shaken and zod ships only with the forms that validate with it.
 *
 * The removed text is replaced by spaces (newlines kept), so every other line and column stays
 * where it was and the source map of the previous step still holds.
 */
export function routeMapsWithoutSchemas(): Plugin {
  return {
    name: 'rushes-route-maps-without-schemas',
    apply: 'build',
    // after TypeScript is stripped, so the parser sees JavaScript
    enforce: 'post',
    transform(code, id) {
      if (!ROUTE_MAP.test(id) || !code.includes('defineRoutes')) return null;
      const cuts: Array<[number, number]> = [];
      walk(this.parse(code) as unknown as Node, (node) => {
        if (node.type !== 'CallExpression') return;
        const callee = node.callee as Node & { name?: string };
        const entries = (node.arguments as Node[])[1];
        if (
          callee.type !== 'Identifier' ||
          callee.name !== 'defineRoutes' ||
          entries?.type !== 'ObjectExpression'
        ) {
          return;
        }
        for (const route of entries.properties as Node[]) {
          const value = route.value as Node | undefined;
          if (value?.type !== 'ObjectExpression') continue;
          for (const prop of value.properties as Array<Node & { key?: Node & { name?: string } }>) {
            if (prop.type === 'Property' && !prop.computed && SCHEMA_KEYS.has(prop.key?.name ?? '')) {
              // the property and the comma after it (an object literal allows a trailing comma)
              const comma = /^\s*,/.exec(code.slice(prop.end));
              cuts.push([prop.start, prop.end + (comma ? comma[0].length : 0)]);
            }
          }
        }
      });
      if (!cuts.length) return null;
      let out = '';
      let at = 0;
      for (const [start, end] of cuts.sort((a, b) => a[0] - b[0])) {
        out += code.slice(at, start) + code.slice(start, end).replace(/[^\n]/g, ' ');
        at = end;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}
