/**
 * Route policies, resolved once per request before the handler (docs/architecture.md, "Adding a
 * module"). A route-map entry names its rule (`policy: 'projects.canViewProject'`); the module that owns
 * the rule registers it in its manifest (`policies: { 'projects.canViewProject': projectPolicy(…) }`).
 * `serve()` picks the registration at boot (a route whose policy no module registers, or whose request
 * carries none of the ids a registration reads, fails `buildApp` naming both), runs it in a preHandler
 * after the auth guard, and hands what it loaded to the handler (`accessOf(req, name)`), so the service
 * does not load the project or team row a second time.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG, type RouteDef } from '@rushes/shared';
import type { AppContext } from './context.ts';
import { forbidden } from './http/errors.ts';

/**
 * What each policy hands the handler, by name. Each module declares its own names by augmentation
 * (`declare module '../../platform/policies.ts' { interface PolicyAccess { 'things.canView': ThingAccess } }`),
 * so a registration and `accessOf` are typed from one place.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface PolicyAccess {}

export type PolicyName = keyof PolicyAccess & string;

/** Checks one request: loads the row(s) once, throws the route's 403/404, else answers the access. */
export type PolicyCheck<A> = (req: FastifyRequest) => Promise<A>;

/** One way to resolve a policy: the request field naming the row it loads, and the check built per app. */
export interface Policy<A> {
  /** The query, body or path field it reads; absent when the session is the whole check. */
  reads?: string;
  /** Set by `checkedInService`: nothing runs before the handler. */
  inService?: true;
  check: (ctx: AppContext) => PolicyCheck<A>;
}

/**
 * A manifest's registrations: policy name → one resolver, or several keyed by different fields (a rule
 * reached by a project id on some routes and by an asset id on others). A module may add a resolver to
 * another module's rule for its own routes only (shares, approvals and media register
 * `projects.canViewProject` for their routes keyed by an asset id); a route takes its own module's
 * registration first.
 */
export type PolicyRegistrations = {
  readonly [N in PolicyName]?: Policy<PolicyAccess[N]> | readonly Policy<PolicyAccess[N]>[];
} & { readonly [name: `${string}.${string}`]: Policy<unknown> | readonly Policy<unknown>[] | undefined };

/**
 * A rule the route's service still applies itself (its `authorizeX` call): registered so the boot
 * check knows the name, loading nothing before the handler. What is left to move into a resolver is
 * `grep -rn checkedInService apps/server/src/modules`; the route-table access test still proves
 * those routes refuse strangers.
 */
export const checkedInService = (reads?: string): Policy<never> => ({
  ...(reads ? { reads } : {}),
  inService: true,
  // Nothing loaded: `accessOf` refuses to answer for such a route.
  check: () => async () => undefined as never,
});

/** One field of the request (path, query, then body). */
export function fieldOf(req: FastifyRequest, name: string): unknown {
  for (const source of [req.params, req.query, req.body]) {
    if (source && typeof source === 'object' && name in source) {
      const value = (source as Record<string, unknown>)[name];
      if (value !== undefined && value !== null && value !== '') return value;
    }
  }
  return undefined;
}

/** A string field the route's schema declares (its check runs after validation). */
export const stringField = (req: FastifyRequest, name: string): string => {
  const value = fieldOf(req, name);
  return typeof value === 'string' ? value : String(value ?? '');
};

interface Registered {
  module: string;
  policy: Policy<unknown>;
  check: PolicyCheck<unknown>;
}

/** Every registration of the module list, built with the app's context (`registerModules`). */
export class PolicyRegistry {
  private readonly byName = new Map<string, Registered[]>();

  constructor(ctx: AppContext, modules: readonly { name: string; policies?: PolicyRegistrations }[]) {
    for (const m of modules) {
      for (const [name, entry] of Object.entries(m.policies ?? {})) {
        for (const policy of [entry as Policy<unknown> | Policy<unknown>[]].flat()) {
          const list = this.byName.get(name) ?? [];
          list.push({ module: m.name, policy, check: policy.check(ctx) });
          this.byName.set(name, list);
        }
      }
    }
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /**
   * The check of one route, chosen at boot: the registering module's own resolvers first, then those
   * of the module owning the rule; the first whose field the route's request always carries (a
   * required field: an optional id is checked by the service when given), else one that reads none. Throws naming the route and
   * the policy when there is none.
   */
  checkFor(route: RouteDef, module: string | undefined): PolicyCheck<unknown> | 'in-service' {
    const label = `${route.method} ${route.path}`;
    const all = this.byName.get(route.policy ?? '');
    if (!all)
      throw new Error(`policies: ${label} declares policy '${route.policy}', which no module registers`);
    const fields = fieldsOf(route);
    // A module's resolver for another module's rule serves its own routes only.
    const owner = route.policy!.split('.')[0];
    const ordered = [...all.filter((r) => r.module === module), ...all.filter((r) => r.module === owner)];
    const chosen =
      ordered.find((r) => r.policy.reads && fields.has(r.policy.reads)) ??
      ordered.find((r) => !r.policy.reads);
    if (!chosen) {
      const reads = all.map((r) => r.policy.reads).join(', ');
      throw new Error(
        `policies: ${label} declares policy '${route.policy}', but its request carries none of ${reads}`,
      );
    }
    return chosen.policy.inService ? 'in-service' : chosen.check;
  }
}

/** The fields a route's request always carries: path parameters and the required keys of its query or body. */
function fieldsOf(route: RouteDef): Set<string> {
  const fields = new Set([...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]));
  for (const schema of [route.query, route.body]) {
    if (!schema) continue;
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonObject;
    for (const branch of [json, ...(json.anyOf ?? []), ...(json.oneOf ?? []), ...(json.allOf ?? [])])
      for (const key of branch.required ?? []) fields.add(key);
  }
  return fields;
}
interface JsonObject {
  required?: string[];
  anyOf?: JsonObject[];
  oneOf?: JsonObject[];
  allOf?: JsonObject[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Where the route's policy runs: before the handler, or (not yet moved) in its service. */
    policyCheck?: 'preHandler' | 'in-service';
  }
  interface FastifyInstance {
    /** The app's policy registry and the module whose routes this instance registers (`registerModules`). */
    policies?: { registry: PolicyRegistry; module?: string };
  }
  interface FastifyRequest {
    /** What the route's policy loaded (`accessOf`). */
    policyAccess: unknown;
  }
}

/**
 * The check `serve()` runs for a route: none for public and 'self' routes, 'in-service' for a rule its
 * service still applies; throws at boot when unresolved.
 */
export function policyCheckOf(
  app: FastifyInstance,
  route: RouteDef,
): PolicyCheck<unknown> | 'in-service' | null {
  if (route.public || route.pending2fa || !route.policy || route.policy === 'self') return null;
  if (!app.policies)
    throw new Error(`policies: ${route.method} ${route.path} is registered outside the module list`);
  return app.policies.registry.checkFor(route, app.policies.module);
}

/**
 * A request made with a project-scoped token (a cloud workstation's agent) may act on that project
 * only: the project its route's policy loaded must be the token's (else 403, as for a non-member).
 */
export function assertProjectScope(req: FastifyRequest, access: unknown) {
  const scope = req.session?.projectScope;
  if (!scope) return;
  const loaded = access as { project?: { id?: string } } | null | undefined;
  if (loaded?.project?.id !== scope) throw forbidden(MSG.noProjectAccess);
}

/**
 * What the route's policy loaded for this request, typed by name. Only for the policy the route
 * declares (so a handler cannot read another rule's shape), as `joinedOf` does for session joins.
 */
export function accessOf<N extends PolicyName>(req: FastifyRequest, name: N): PolicyAccess[N] {
  if (req.routeOptions.config?.policy !== name) throw new Error(`route does not declare policy ${name}`);
  if (req.policyAccess == null)
    throw new Error(`policy ${name} loaded nothing for this route (checked in its service)`);
  return req.policyAccess as PolicyAccess[N];
}
