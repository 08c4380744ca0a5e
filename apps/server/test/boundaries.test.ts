import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/**
 * The dependency rules of `npm run lint` (.dependency-cruiser.cjs, DESIGN §3) run on a fixture laid
 * out like the repository (test/fixtures/boundaries): each rule must catch its planted violation and
 * let the allowed import through. Before this step nothing checked module boundaries: alpha.bypass
 * reaching into beta's internals passed lint.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const fixture = path.join(import.meta.dirname, 'fixtures/boundaries');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;

async function violations() {
  const { output } = await cruise(['apps'], {
    ...config.options,
    tsConfig: undefined,
    baseDir: fixture,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  return (output as ICruiseResult).summary.violations
    .map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
    .sort();
}

describe('dependency rules', () => {
  it('catch a cross-module import that bypasses index.ts, platform → module, ui → feature and a cycle', async () => {
    const found = await violations();
    const m = 'apps/server/src/modules';
    expect(found).toEqual(
      [
        `module-front-door: ${m}/alpha/alpha.bypass.ts → ${m}/beta/beta.internal.ts`,
        `no-circular: ${m}/alpha/alpha.one.ts → ${m}/alpha/alpha.two.ts`,
        `platform-not-modules: apps/server/src/platform/uses.module.ts → ${m}/beta/index.ts`,
        'ui-not-features: apps/web/src/ui/widget.ts → apps/web/src/features/things/thing.ts',
      ].sort(),
    );
    // The same import through beta's front door is allowed.
    expect(found.some((v) => v.includes('alpha.frontDoor.ts'))).toBe(false);
  });
});
