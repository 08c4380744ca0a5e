import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Stringify = (data: unknown) => string;

/**
 * A candidate response serializer, measured and not adopted (bench/serializer.ts): fastify-type-provider-zod's own compiler checks the answer
 * against the route's zod schema (`safeEncode`: unknown keys dropped, codecs applied) and then calls
 * JSON.stringify. Ours keeps that check and writes the checked value with fast-json-stringify,
 * compiled once per route and status from the same zod schema turned into JSON Schema
 * (`z.toJSONSchema`, output side). A schema JSON Schema cannot state (a transform, a custom type)
 * keeps JSON.stringify for that route, so no answer depends on the conversion being complete.
 *
 * `verify` (tests, development): every answer is also written with JSON.stringify and the two must
 * parse to the same value, so the whole test suite checks the compiled writers route by route.
 */
export function createSerializerCompiler(opts: { verify: boolean }) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const zodSchema = schema as z.ZodType;
    const stringify = compileFastJson(zodSchema);
    return (data: unknown) => {
      const result = z.safeEncode(zodSchema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      const out = stringify(result.data);
      if (opts.verify && stringify !== JSON.stringify) {
        const plain = JSON.stringify(result.data);
        if (!sameJson(out, plain))
          throw new Error(`fast-json-stringify wrote ${method} ${url} differently:\n${out}\n${plain}`);
      }
      return out;
    };
  };
}

export function compileFastJson(schema: z.ZodType): Stringify {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    return fastJson(plainNullables(json) as Parameters<typeof fastJson>[0]) as Stringify;
  } catch {
    return JSON.stringify;
  }
}

/**
 * zod writes `x.nullable()` as `anyOf: [x, { type: 'null' }]`, which fast-json-stringify can only
 * write by validating the value against each branch at run time (ajv per field: slower than
 * JSON.stringify). A branch with a plain `type` becomes `type: [type, 'null']`, which it writes
 * directly.
 */
function plainNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(plainNullables);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, plainNullables(v)])) as Record<
    string,
    unknown
  >;
  const any = out.anyOf as Record<string, unknown>[] | undefined;
  if (Array.isArray(any) && any.length === 2) {
    const nul = any.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
    const other = any[1 - nul] as Record<string, unknown> | undefined;
    if (nul >= 0 && other && typeof other.type === 'string' && !('anyOf' in other) && !('oneOf' in other)) {
      const { anyOf: _drop, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

const sameJson = (a: string, b: string) => {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([, x]) => x !== undefined)
              .sort(([x], [y]) => (x < y ? -1 : 1))
              .map(([k, x]) => [k, sort(x)]),
          )
        : v;
  return JSON.stringify(sort(JSON.parse(a))) === JSON.stringify(sort(JSON.parse(b)));
};
