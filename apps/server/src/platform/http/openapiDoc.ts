import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API, APP_NAME, APP_VERSION, requiredScope, type RequiredScope } from '@rushes/shared';
import { SESSION_COOKIE } from '../auth/sessions.ts';

/** Signed blob URLs carry their own proof (a signature in the URL), as the guard treats them. */
const SIGNED = '/api/blobs/';

/** The top of /api/docs: how to call the API with a token. */
const description = `
## Authentication

Create a personal access token in **Account settings → API tokens**: choose the team it acts in and
its scopes. Send it in the \`Authorization\` header of every call:

\`\`\`sh
RUSHES=https://rushes.example.com   # the address you open Rushes at
curl -H "Authorization: Bearer rsh_…" "$RUSHES${API.projects.infoMine}?team_db_id=<team id>"
\`\`\`

A call made with a token acts as its user: every permission of the user applies, and only in the
token's team (naming another team answers 403). Each operation below says the scope it needs in
\`x-required-scope\`:

- \`read\`: GET calls; \`write\`: POST, PUT and DELETE calls; \`upload\`: the upload protocol
  (\`${API.uploads.root}…\`); \`admin\`: team-admin calls (members, permissions, billing, integrations…).
- \`session\`: the account's own sign-in, sessions and tokens, which no token can reach;
  \`none\`: public calls.

Calls that change something (POST, PUT, DELETE) also send the headers \`API-Type: web\` and
\`API-Version: 1\`. Every answer is the envelope \`{ response, data, errormessage }\`. A token may make
a limited number of calls per minute (429 with \`Retry-After\` beyond it); a revoked token answers 401
at once.
`;

interface RouteLike {
  method: string | string[];
  url: string;
  config?: { policy?: string; access?: string };
}

/** The scope an operation of the document needs, from the route as registered. */
export function scopeOfRoute(route: RouteLike): RequiredScope {
  if (route.url.startsWith(SIGNED)) return 'none';
  const access = route.config?.access;
  return requiredScope({
    method: [route.method].flat()[0],
    path: route.url,
    ...(route.config?.policy && { policy: route.config.policy }),
    ...(access === 'public' && { public: true as const }),
    ...(access === 'pending_2fa' && { pending2fa: true as const }),
  });
}

/** OpenAPI 3.0 lists no scopes for an http scheme: the scope itself is `x-required-scope`. */
const securityOf = (scope: RequiredScope): Record<string, string[]>[] =>
  scope === 'none' ? [] : scope === 'session' ? [{ session: [] }] : [{ bearer: [] }, { session: [] }];

/**
 * @fastify/swagger's options: the bearer scheme (and the web app's session cookie) declared once, and
 * each operation's security requirement and `x-required-scope`.
 */
export function openApiOptions(): SwaggerOptions {
  return {
    openapi: {
      info: { title: `${APP_NAME} API`, version: APP_VERSION, description },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal access token (rsh_…) with a team and scopes',
          },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The web app’s session (sign in)',
          },
        },
      },
    },
    transform: (document) => {
      const out = jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
      const schema = (out.schema ?? {}) as Record<string, unknown>;
      const route = (document as { route?: RouteLike }).route;
      if (schema.hide || !route) return out;
      const scope = scopeOfRoute({ ...route, url: document.url });
      return { ...out, schema: { ...schema, security: securityOf(scope), 'x-required-scope': scope } };
    },
  };
}
