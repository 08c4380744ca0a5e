/**
 * Dependency rules (DESIGN §3), run by `npm run lint` (`npm run lint:deps`). Violations that existed
 * when a rule was added are frozen in .dependency-cruiser-known-violations.json (`--ignore-known`):
 * the count may only go down. After fixing some, refresh it with `npm run lint:deps:baseline`.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-front-door',
      severity: 'error',
      comment:
        'A module reaches another only through its front door, apps/server/src/modules/<m>/index.ts ' +
        '(its manifest and the few functions other modules may call), never its internals. Tests and ' +
        'their testkits build their worlds and may reach further.',
      from: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: '\\.(test|testkit)\\.ts$',
      },
      to: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'platform-not-modules',
      severity: 'error',
      comment: 'platform/ is cross-cutting: it never imports a module (modules import platform).',
      from: { path: '^apps/server/src/platform/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'ui-not-features',
      severity: 'error',
      comment: 'Web ui/ holds small shared components: it never imports a feature.',
      from: { path: '^apps/web/src/ui/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import cycles between files, frozen in the baseline (the count may only go down). Cycles ' +
        "through a module's front door are cycles between modules: scripts/module-cycles.mjs counts " +
        'and freezes those on the graph of module folders.',
      from: {},
      to: { circular: true, viaNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/|^apps/server/src/db/migrations/' },
    // Type-only imports couple modules too: they count.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
