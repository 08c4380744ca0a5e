/**
 * The public REST API's personal access tokens: their scopes, which scope each route needs, and the
 * texts of the refusals. One rule for the server's guard, the OpenAPI document and the tests.
 */

/** What a token may do: read (GET), write (POST/PUT/DELETE), upload (the upload protocol), admin (team-admin rules). */
export const API_SCOPES = ['read', 'write', 'upload', 'admin'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The words the account settings show for each scope. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  read: 'Read',
  write: 'Write',
  upload: 'Upload',
  admin: 'Team admin',
};

/** What a route needs of an API token: one scope, nothing (public), or a signed-in session ('session'). */
export type RequiredScope = ApiScope | 'none' | 'session';

/**
 * Routes that manage the account's own sign-in: login, 2FA, passwords, passkeys, sessions and the
 * tokens themselves (and the uploader's device login, which mints tokens). A token never reaches them:
 * a leaked token cannot make more tokens or take over the account.
 */
const SESSION_ONLY = ['/api/auth/', '/api/account/'];
/**
 * What the account does beyond one team: making a team, joining one by invitation, reading the
 * account's own security activity. A token acts in its one team, so these are the session's too.
 */
const ACCOUNT_ACTIONS = [
  'POST /api/teams',
  'POST /api/teams/invites/accept',
  'POST /api/projects/invites/accept',
  'GET /api/audit-log/mine',
];
/** The cloud workstation agent's routes: its own project-scoped token only. */
const AGENT_ONLY = ['/api/cloud/agent/'];
const UPLOAD_PROTOCOL = '/api/upload/assets';

/**
 * Policies that are team-admin rules (the owner's or a team admin's): the admin scope, whatever the
 * method. Read from the policy names, so a new rule named the same way is covered.
 */
const ADMIN_POLICIES = [
  /^teams\.can(Update|Delete|Manage|Edit)/,
  /^(credits|payments|subscriptions|statistics|audit|webhooks)\./,
  /^integrations\.canManage/,
  /^ai\.canSeeTeamUsage$/,
  /Admin$/,
];

const under = (prefixes: readonly string[], path: string) =>
  prefixes.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));

/** The scope a route needs (by its route-map entry: method, path, policy). */
export function requiredScope(route: {
  method: string;
  path: string;
  policy?: string;
  public?: true;
  pending2fa?: true;
}): RequiredScope {
  const path = route.path.split('?')[0];
  if (route.public) return 'none';
  if (route.pending2fa || under(SESSION_ONLY, path) || under(AGENT_ONLY, path)) return 'session';
  if (ACCOUNT_ACTIONS.includes(`${route.method} ${path}`)) return 'session';
  if (path === UPLOAD_PROTOCOL || path.startsWith(`${UPLOAD_PROTOCOL}/`)) return 'upload';
  if (route.policy && ADMIN_POLICIES.some((p) => p.test(route.policy!))) return 'admin';
  return route.method === 'GET' || route.method === 'HEAD' ? 'read' : 'write';
}

/** Refusals and confirmations of the API token guard and screen. */
export const API_TOKEN_TEXT = {
  needsScope: (scope: ApiScope) => `This API token lacks the ‘${scope}’ scope this call needs`,
  sessionOnly:
    'API tokens cannot manage the account (sign-in, sessions, tokens, teams it joins or makes): sign in to the app to do this',
  otherTeam: 'This API token acts only in its own team',
  teamRequired: 'Choose the team the token acts in',
  scopesRequired: 'Choose at least one scope',
  notYourTeam: 'You are not a member of this team',
  tooManyCalls: 'Too many calls with this API token: wait a minute and try again',
  sectionTitle: 'API tokens',
  sectionHelp:
    'Tokens let scripts and other systems call the Rushes API as you, in one team, with the scopes you choose.',
  docsLink: 'API documentation',
  uploaderTeam: 'None (an uploader token)',
  noTeam: 'None (uploader)',
  nameLabel: 'Token name',
  teamLabel: 'Team',
  scopesLabel: 'Scopes',
  create: 'Create token',
  revoke: 'Revoke',
  copy: 'Copy',
  copied: 'Copied',
  shownOnce: 'Copy this token now: it is shown only once.',
  none: 'No tokens yet',
  neverUsed: 'never',
  revoked: 'Revoked',
  created: 'Created',
  lastUsed: 'Last used',
} as const;
