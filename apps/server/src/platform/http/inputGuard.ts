import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { MSG, hasNulCharacter } from '@rushes/shared';
import { failure } from './envelope.ts';

/**
 * Input refusals every route shares, before its own zod schema runs:
 * - a JSON `null` body where the route's body schema refuses one: 'This field is required' on `body`;
 * - a NUL character in any string or key of the body, query or path (PostgreSQL refuses it in text):
 *   'Remove special characters' on that field.
 * Both answer 400 with the envelope and `data.errors` like a validation error.
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const schema = request.routeOptions.schema;
    if (request.body === null && schema?.body && !acceptsNull(schema.body)) {
      return reply.status(400).send(failure(MSG.required, { errors: { body: MSG.required } }));
    }
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = nulField(value, []);
      if (field !== null) {
        const name = field || part;
        return reply
          .status(400)
          .send(failure(MSG.removeSpecialCharacters, { errors: { [name]: MSG.removeSpecialCharacters } }));
      }
    }
  });
}

const MAX_DEPTH = 64;

/** Whether a route's body schema takes a JSON null (its refinements may not expect one: they may throw). */
function acceptsNull(schema: unknown): boolean {
  try {
    return (schema as ZodType).safeParse(null).success;
  } catch {
    return false;
  }
}

/** The dotted path of the first string or key holding a NUL ('' for the value itself), or null. */
function nulField(value: unknown, path: string[]): string | null {
  if (typeof value === 'string') return hasNulCharacter(value) ? path.join('.') : null;
  if (value === null || typeof value !== 'object' || path.length > MAX_DEPTH) return null;
  // Only parsed JSON and query strings: a Buffer or stream body (blob parts) is bytes, not text.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || 'pipe' in value) return null;
  for (const [key, item] of Object.entries(value)) {
    if (hasNulCharacter(key)) return [...path, key.replaceAll('\u0000', '')].join('.');
    const found = nulField(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The zod validator, but a schema whose refinement throws on an unexpected shape answers 400
 * 'Enter a valid value' instead of a 500: a hostile body is a client error, whatever it breaks.
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    try {
      return validate(data);
    } catch {
      const issue = {
        keyword: 'custom',
        instancePath: '',
        schemaPath: '#',
        message: MSG.invalidValue,
        params: {},
      };
      return { error: [issue] };
    }
  };
};
