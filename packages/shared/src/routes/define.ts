import type { z } from 'zod';

/**
 * The typed contract ("One typed contract, used by server and web"): every /api route is an
 * entry of a route map here, one file per module. An entry names the method, the path (from `API`),
 * the zod schema of its query (GET) or body (POST/PUT/DELETE), the schema of the `data` of its
 * success envelope, and who may call it. The server registers its Fastify routes from these entries
 * (apps/server/src/platform/http/serve.ts), the web client calls them by entry
 * (apps/web/src/api/client.ts `call`), and the route-table test walks them.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The rule that guards a route: `'<module>.<rule>'` names the rule of that module's policy the
 * service applies; `'self'` is a route that only reads or changes the caller's own data (or a fixed
 * list), so the session is the whole check.
 */
export type RoutePolicyName = 'self' | `${string}.${string}`;

export interface RouteDef {
  method: HttpMethod;
  path: string;
  /** OpenAPI tag (the module); set by `defineRoutes`. */
  tag: string;
  /** The query of a GET. */
  query?: z.ZodType;
  /** The JSON body of a POST, PUT or DELETE. */
  body?: z.ZodType;
  /** The `data` of the success envelope. */
  response: z.ZodType;
  /** The policy rule that guards it; every route that is not public declares one. */
  policy?: RoutePolicyName;
  /** Open to anonymous callers (login, sign-up…). */
  public?: true;
  /** Only for a session waiting for its second login step (the 2FA code routes). */
  pending2fa?: true;
  /** Not in the OpenAPI document. */
  hide?: true;
  /** The answer is bytes, not the JSON envelope (the media file route): `response` documents its errors. */
  raw?: true;
  /** A write whose body is bytes (application/octet-stream), not JSON: its fields come in the query. */
  rawBody?: true;
}

type Entry = Omit<RouteDef, 'tag'>;

/** A module's route map: each entry gets the module's tag; the literal types are kept for typing. */
export function defineRoutes<const T extends Record<string, Entry>>(
  tag: string,
  entries: T,
): { readonly [K in keyof T]: T[K] & { tag: string } } {
  const out = {} as Record<string, RouteDef>;
  for (const [name, entry] of Object.entries(entries)) out[name] = { ...entry, tag };
  return out as { readonly [K in keyof T]: T[K] & { tag: string } };
}

type SchemaOf<R, K extends 'query' | 'body'> = R extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** What the caller sends: the query of a GET or the body of a write (zod input type). */
export type RouteInput<R extends RouteDef> = [SchemaOf<R, 'query'>] extends [never]
  ? [SchemaOf<R, 'body'>] extends [never]
    ? Record<string, never> | undefined
    : z.input<SchemaOf<R, 'body'>>
  : z.input<SchemaOf<R, 'query'>>;

/** The query or body as the handler sees it (zod output type). */
export type RouteQuery<R extends RouteDef> = [SchemaOf<R, 'query'>] extends [never]
  ? unknown
  : z.output<SchemaOf<R, 'query'>>;
export type RouteBody<R extends RouteDef> = [SchemaOf<R, 'body'>] extends [never]
  ? unknown
  : z.output<SchemaOf<R, 'body'>>;

/** The `data` of the success envelope as the client receives it. */
export type RouteOutput<R extends RouteDef> = z.output<R['response']>;
/** The `data` a handler returns (before the response schema serialises it). */
export type RouteReturn<R extends RouteDef> = z.input<R['response']>;

/** Every entry of a map of module maps, flattened. */
export const routesOf = (maps: Record<string, Record<string, RouteDef>>): RouteDef[] =>
  Object.values(maps).flatMap((m) => Object.values(m));
