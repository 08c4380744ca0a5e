#!/usr/bin/env node
/**
 * Which server module touches which module's tables (docs/architecture.md, "Tables per module").
 *
 * Each table belongs to the module of the schema file that declares it (apps/server/src/db/schema/<m>.ts;
 * accounts.ts belongs to the users module, auth.ts to platform/auth, signin.ts to auth, platform.ts to the platform,
 * subscriptions.ts to plans). The script scans the non-test files of apps/server/src/modules/<m>/ for
 * tables of other owners imported from the schema (db/schema/index.ts or db/schema/<x>.ts):
 *
 * - a write to one (`.insert(t)`, `.update(t)`, `.delete(t)`, or `insert into ${t}`, `update ${t}`,
 *   `delete from ${t}` in a SQL template) always fails: call an owner function from its front door;
 * - a read of one must be listed in scripts/table-access.allow.json (`{ module: { table: [file, …] } }`,
 *   files relative to the module's folder). The list was generated once from the code of its day and
 *   may only shrink: an unlisted read fails, and so does an entry that no longer occurs (remove it).
 *
 * `--baseline` rewrites the allow-list from today's reads (after removing some; never to let a new
 * read in: read through the owner's front door instead). `--root <dir>` runs on another tree laid out
 * like the repository (the fixture of apps/server/test/tableAccess.test.ts). Run by `npm run lint:tables`.
 */
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const root = args.includes('--root')
  ? path.resolve(args[args.indexOf('--root') + 1])
  : path.resolve(import.meta.dirname, '..');
const baseline = args.includes('--baseline');
const allowFile = path.join(root, 'scripts/table-access.allow.json');
const schemaDir = path.join(root, 'apps/server/src/db/schema');
const modulesDir = path.join(root, 'apps/server/src/modules');

/**
 * Schema files whose owner is not the module of the same name. subscriptions.ts holds the subscription
 * state the plans module keeps (the subscriptions module sells through plans' functions).
 */
const OWNER_OF_FILE = {
  accounts: 'users',
  auth: 'platform/auth',
  signin: 'auth',
  platform: 'platform',
  subscriptions: 'plans',
};
const IGNORED = /\.(test|testkit)\.ts$/;

/** table variable → { owner, name (the SQL table name) } */
const tables = new Map();
for (const file of fs.readdirSync(schemaDir)) {
  if (!file.endsWith('.ts') || file === 'index.ts') continue;
  const base = file.slice(0, -3);
  const owner = OWNER_OF_FILE[base] ?? base;
  const text = fs.readFileSync(path.join(schemaDir, file), 'utf8');
  for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'([^']+)'/g)) {
    tables.set(m[1], { owner, name: m[2] });
  }
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.name.endsWith('.ts') && !IGNORED.test(entry.name)) yield full;
  }
}

const SCHEMA_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*'[^']*\/db\/schema\/\w+\.ts'/g;

/** Local name → table variable, for the values (not types) a file imports from the schema. */
function schemaImports(text) {
  const found = new Map();
  for (const m of text.matchAll(SCHEMA_IMPORT)) {
    if (m[1]) continue;
    for (const spec of m[2].split(',')) {
      const s = spec.trim();
      if (!s || s.startsWith('type ')) continue;
      const [imported, local = imported] = s.split(/\s+as\s+/).map((x) => x.trim());
      if (tables.has(imported)) found.set(local, imported);
    }
  }
  return found;
}

const writes = [];
/** module → table → Set(file) */
const reads = {};
for (const moduleName of fs.readdirSync(modulesDir).sort()) {
  const dir = path.join(modulesDir, moduleName);
  if (!fs.statSync(dir).isDirectory()) continue;
  for (const file of walk(dir)) {
    const rel = path.relative(dir, file).split(path.sep).join('/');
    const text = fs.readFileSync(file, 'utf8');
    for (const [local, variable] of schemaImports(text)) {
      const table = tables.get(variable);
      if (table.owner === moduleName) continue;
      // drizzle's builders, and the same statements written in SQL templates.
      const write = new RegExp(
        `\\.(insert|update|delete)\\(\\s*${local}\\s*\\)|\\b(insert into|update|delete from|INSERT INTO|UPDATE|DELETE FROM)\\s+\\$\\{${local}\\}`,
        'g',
      );
      for (const w of text.matchAll(write)) {
        const line = text.slice(0, w.index).split('\n').length;
        const verb = (w[1] ?? w[2].split(' ')[0]).toLowerCase();
        writes.push(`${moduleName}/${rel}:${line} ${verb}s ${table.name} (owned by ${table.owner})`);
      }
      ((reads[moduleName] ??= {})[table.name] ??= new Set()).add(rel);
    }
  }
}

/** The reads as the allow-list's shape, sorted so that a rewrite diffs well. */
const current = Object.fromEntries(
  Object.keys(reads)
    .sort()
    .map((m) => [
      m,
      Object.fromEntries(
        Object.keys(reads[m])
          .sort()
          .map((t) => [t, [...reads[m][t]].sort()]),
      ),
    ]),
);

if (baseline) {
  // Written as `prettier --check .` wants it (prettier resolved from this script's repository).
  const prettier = await import('prettier');
  const options = { ...(await prettier.resolveConfig(allowFile)), filepath: allowFile };
  fs.writeFileSync(allowFile, await prettier.format(JSON.stringify(current, null, 2), options));
  const n = Object.values(current).reduce((s, t) => s + Object.values(t).flat().length, 0);
  console.log(`Wrote ${path.relative(root, allowFile)}: ${n} (module, table, file) reads.`);
}

const allowed = fs.existsSync(allowFile) ? JSON.parse(fs.readFileSync(allowFile, 'utf8')) : {};
const unlisted = [];
for (const [m, byTable] of Object.entries(current)) {
  for (const [t, files] of Object.entries(byTable)) {
    for (const f of files) if (!allowed[m]?.[t]?.includes(f)) unlisted.push(`${m}/${f} reads ${t}`);
  }
}
const stale = [];
for (const [m, byTable] of Object.entries(allowed)) {
  for (const [t, files] of Object.entries(byTable)) {
    for (const f of files) if (!current[m]?.[t]?.includes(f)) stale.push(`${m}: ${t}: ${f}`);
  }
}

let failed = false;
if (writes.length) {
  failed = true;
  console.error("Writes to another module's table (call an owner function from its front door):");
  for (const w of writes) console.error(`  ${w}`);
}
if (unlisted.length) {
  failed = true;
  console.error(
    "Reads of another module's table that the allow-list does not hold (read through the owner's front door):",
  );
  for (const u of unlisted) console.error(`  ${u}`);
}
if (stale.length) {
  failed = true;
  console.error(`${path.relative(root, allowFile)} lists reads that no longer occur: remove these entries:`);
  for (const s of stale) console.error(`  ${s}`);
}
const size = Object.values(allowed).reduce((s, t) => s + Object.values(t).flat().length, 0);
console.log(
  `table access: ${writes.length} foreign write(s), ${unlisted.length} unlisted read(s), ${stale.length} stale entr(ies); allow-list holds ${size}`,
);
if (failed) process.exit(1);
