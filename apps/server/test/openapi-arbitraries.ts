import fc from 'fast-check';

/**
 * fast-check arbitraries from the OpenAPI (JSON Schema) document the routes' zod schemas generate:
 * values shaped like the schema, with hostile leaves mixed in (wrong types, nulls, NUL characters,
 * huge strings, unknown time zones, lists for objects, ids of other users). Used by the API fuzz test.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  required?: string[];
  minLength?: number;
  minimum?: number;
  minItems?: number;
  default?: unknown;
}

/** Ids the fuzzer knows: the caller's own, another user's, and ones that exist nowhere. */
export interface KnownIds {
  own: string[];
  foreign: string[];
  /** The caller's own id for a field name (project_db_id, team_id…), so a case gets past the access check. */
  named: Record<string, string>;
}

const HUGE = 'x'.repeat(100_000);

export function hostileLeaf(ids: KnownIds): fc.Arbitrary<unknown> {
  return fc.oneof(
    // PostgreSQL refuses NUL in text: the likeliest way for text input to reach a 500.
    { weight: 3, arbitrary: fc.constantFrom('Fuzz\u0000text', '\u0000', 'clip\u0000.mp4', 'ann\u0000') },
    {
      weight: 6,
      arbitrary: fc.constantFrom<unknown>(
        null,
        '',
        ' ',
        'NaN',
        'null',
        'undefined',
        '\u0000',
        'a\u0000b',
        `${ids.own[0] ?? ''}\u0000`,
        HUGE,
        `${HUGE}\u0000`,
        'Foo/Bar',
        'Mars/Olympus',
        '../../../etc/passwd',
        '<script>alert(1)</script>',
        "'; drop table users; --",
        '%00',
        '\uD800',
        '0',
        '-1',
        '1e309',
        '00000000-0000-0000-0000-000000000000',
        -1,
        0,
        1.5,
        2 ** 53,
        1e308,
        true,
        false,
        [],
        [[[[]]]],
        {},
        { toString: null, valueOf: null },
        { __proto__: { admin: true } },
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom(...ids.foreign, ...ids.own) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  );
}

function uuidValue(ids: KnownIds, name: string) {
  const mine = ids.named[name];
  return fc.oneof(
    ...(mine ? [{ weight: 8, arbitrary: fc.constant(mine) }] : []),
    { weight: 4, arbitrary: fc.constantFrom(...ids.own) },
    { weight: 2, arbitrary: fc.constantFrom(...ids.foreign) },
    { weight: 1, arbitrary: fc.uuid() },
  );
}

const FUTURE_DAY = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
const TIME_ZONES = ['UTC', 'Asia/Kolkata', 'America/New_York', '', 'NaN', 'Foo/Bar', '+05:00', 'utc'];

/** A value shaped like `schema` (its property `name` hints at ids and time zones). */
function shaped(schema: JsonSchema, ids: KnownIds, depth: number, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => valueFor(s, ids, depth, name)));
  if (schema.allOf?.length) return valueFor(schema.allOf[0], ids, depth, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      if (depth > 4) return fc.constant({});
      const props = Object.entries(schema.properties ?? {});
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of props) record[key] = valueFor(sub, ids, depth + 1, key);
      return fc.record(record, { requiredKeys: [] });
    }
    case 'array':
      return fc.array(schema.items ? valueFor(schema.items, ids, depth + 1, name) : fc.anything(), {
        maxLength: 3,
      });
    case 'integer':
    case 'number':
      return fc.integer({ min: -2, max: 200 });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'uuid' || /_id$|_ids$|_db_id/.test(name)) return uuidValue(ids, name);
      if (name === 'tz') return fc.constantFrom(...TIME_ZONES);
      if (/email/.test(name)) return fc.constantFrom('fuzz@example.com', 'not-an-email', 'a@b.co');
      if (/date|expire/.test(name)) return fc.constantFrom(FUTURE_DAY, '15 Jan 2031', 'yesterday');
      // Mostly values a form would send, so a hostile value elsewhere reaches the service and the DB.
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('Fuzz text', 'Reel 1', 'clip.mp4', 'video/mp4', 'mp4', '/') },
        { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
      );
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** Mostly shaped values, sometimes a hostile one in its place. */
export function valueFor(schema: JsonSchema, ids: KnownIds, depth = 0, name = ''): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 9, arbitrary: shaped(schema, ids, depth, name) },
    { weight: 1, arbitrary: hostileLeaf(ids) },
  );
}

/** Every property path of a JSON value (objects and arrays), the root excluded. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object' || prefix.length > 6) return [];
  const out: (string | number)[][] = [];
  for (const [key, item] of Object.entries(value)) {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    out.push(path, ...pathsOf(item, path));
  }
  return out;
}

/** The value with the property at `path` replaced (a copy). */
function replaced(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[path[0]] = replaced(copy[path[0]], path.slice(1), leaf);
  return copy;
}

/** A shaped value with exactly one property (at any depth) replaced by a hostile one. */
function oneHostile(schema: JsonSchema, ids: KnownIds): fc.Arbitrary<unknown> {
  return fc.tuple(shaped(schema, ids, 0), fc.nat(), hostileLeaf(ids)).map(([value, pick, leaf]) => {
    const paths = pathsOf(value);
    return paths.length ? replaced(value, paths[pick % paths.length], leaf) : value;
  });
}

/** A whole JSON body: shaped, shaped with one hostile property, or not an object at all. */
export function bodyFor(schema: JsonSchema, ids: KnownIds): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: shaped(schema, ids, 0) },
    { weight: 6, arbitrary: oneHostile(schema, ids) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, [], [{}], 'text', 0, true, [[[null]]]) },
  );
}

/** A query string value: a string, or a repeated key. */
export function queryValueFor(
  schema: JsonSchema,
  ids: KnownIds,
  name: string,
): fc.Arbitrary<string | string[]> {
  const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  const one = fc
    .oneof({ weight: 3, arbitrary: shaped(schema, ids, 0, name) }, { weight: 1, arbitrary: hostileLeaf(ids) })
    .map(asText);
  return fc.oneof(
    { weight: 5, arbitrary: one },
    { weight: 1, arbitrary: fc.array(one, { minLength: 2, maxLength: 3 }) },
  );
}
