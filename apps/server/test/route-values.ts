import { z } from 'zod';
import { formatDate } from '@rushes/shared';
import type { JsonSchema } from './openapi-arbitraries.ts';

/**
 * Plain, valid request values derived from a route's own zod schema (via its JSON Schema), for the
 * route-table access test: every id-like field gets the id of a known resource by its name, every
 * other required field a sensible default. What cannot be derived is given by the test's overrides.
 */
/** A field that names a resource: `*_id`, `*_db_id`, their lists, or one of the `ID_LIKE` names. */
const ID_LIKE = new Set(['assigned_to', 'collabrated_with']);
export const isIdField = (name: string) => /(_id|_ids)$/.test(name) || ID_LIKE.has(name);

/** The known id for a field name, or undefined (then the field is filled like any other). */
export type IdFor = (name: string) => string | undefined;

/** The JSON Schema of a zod schema as the client sends it (input side), or null if it is not zod. */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The id-like field names anywhere in a schema (objects and arrays of objects). */
export function idFieldsOf(schema: JsonSchema | null, depth = 0): string[] {
  if (!schema || depth > 5) return [];
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const own = Object.entries(schema.properties ?? {}).flatMap(([key, sub]) => [
    ...(isIdField(key) ? [key] : []),
    ...idFieldsOf(sub, depth + 1),
  ]);
  return [...own, ...branches.flatMap((b) => idFieldsOf(b, depth + 1)), ...idFieldsOf(schema.items ?? null)];
}

/** 'dd MMM yyyy' five days ahead, as the date pickers send it. */
const DAY = formatDate(Date.now() + 5 * 86_400_000, 'UTC');

/** A valid value for `schema`; `name` is the property it fills (ids and a few formats go by name). */
export function valueOf(schema: JsonSchema, idFor: IdFor, name = '', depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) {
    // An object branch when there is one (it can carry ids), else the first that is not null.
    const pick = union.find((s) => s.type === 'object') ?? union.find((s) => s.type !== 'null') ?? union[0];
    return valueOf(pick, idFor, name, depth);
  }
  if (schema.allOf?.length) return valueOf(schema.allOf[0], idFor, name, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        // Optional fields only when they name a resource: the refusal must not depend on them.
        if (!required.has(key) && !(isIdField(key) && idFor(key) !== undefined)) continue;
        if (depth < 5) out[key] = valueOf(sub, idFor, key, depth + 1);
      }
      return out;
    }
    case 'array': {
      const item = schema.items ? valueOf(schema.items, idFor, name, depth + 1) : 'x';
      return [item];
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string': {
      const id = isIdField(name) ? idFor(name) : undefined;
      if (id !== undefined) return id;
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'email' || /email/.test(name)) return 'someone@example.com';
      if (name === 'tz') return 'UTC';
      if (/date|expire/.test(name)) return DAY;
      return 'Access check'.padEnd(schema.minLength ?? 0, 'x');
    }
    default:
      return schema.default ?? null;
  }
}

/** A query string: scalars as text, lists as repeated keys, objects dropped. */
export function asQuery(value: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) out[key] = v.map(String);
    else if (v !== null && typeof v !== 'object') out[key] = String(v);
  }
  return out;
}
