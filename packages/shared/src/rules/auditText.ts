/**
 * The kinds of event the audit log records, with the words the team's log shows for each. The server
 * writes only these kinds (recordAudit takes an AuditAction), the web filters and labels by them.
 */
export const AUDIT_ACTIONS = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.sign_out': 'Signed out',
  'auth.two_factor_enabled': 'Two-factor turned on',
  'auth.two_factor_disabled': 'Two-factor turned off',
  'auth.passkey_added': 'Passkey added',
  'auth.passkey_removed': 'Passkey removed',
  'auth.authenticator_added': 'Authenticator app added',
  'auth.authenticator_removed': 'Authenticator app removed',
  'auth.recovery_codes_created': 'Recovery codes created',
  'auth.recovery_code_used': 'Recovery code used',
  'auth.password_changed': 'Password changed',
  'members.invited': 'Member invited',
  'members.joined': 'Member joined',
  'members.removed': 'Member removed',
  'members.role_changed': 'Member role changed',
  'members.permissions_changed': 'Member permissions changed',
  'team.settings_changed': 'Team settings changed',
  'integrations.created': 'Integration added',
  'integrations.deleted': 'Integration deleted',
  'shares.link_created': 'Share link created',
  'shares.link_changed': 'Share link changed',
  'shares.link_revoked': 'Share link revoked',
  'shares.link_opened': 'Share link opened',
  'assets.original_downloaded': 'Original downloaded',
  'credits.changed': 'Credits changed',
  'payments.received': 'Payment received',
  'cloud.session_started': 'Cloud session started',
  'cloud.session_ended': 'Cloud session ended',
  'exports.started': 'Export started',
  'exports.finished': 'Export finished',
  'api.token_created': 'API token created',
  'api.token_revoked': 'API token revoked',
  'api.token_used': 'API token used',
  'webhooks.endpoint_created': 'Webhook endpoint added',
  'webhooks.endpoint_deleted': 'Webhook endpoint deleted',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** The screen's words (Team Settings → Audit log). */
export const AUDIT_TEXT = {
  card: 'Audit log',
  cardDescription: 'Who did what in this team, when and from where',
  title: 'Audit log',
  when: 'When',
  who: 'Who',
  what: 'What',
  target: 'Target',
  from: 'From where',
  person: 'Person',
  anyone: 'Anyone',
  kind: 'Event',
  anyKind: 'All events',
  dates: 'Dates',
  exportCsv: 'Export CSV',
  loadMore: 'Load more',
  empty: 'No entries match these filters',
  guest: 'Guest (share link)',
  system: 'Rushes',
  deletedUser: 'Deleted user',
  retention: (days: number) => `Entries are kept for ${days} days.`,
  badRange: 'The start date must be before the end date',
  recentActivity: 'Recent security activity',
  recentHint: 'Sign-ins, failed sign-ins and changes to how you sign in, newest first',
  noActivity: 'Nothing yet',
} as const;

/**
 * A short browser name for a user agent ('Chrome', 'Firefox', 'Safari', 'Edge', 'Rushes Uploader'…),
 * for the log's "from where" column; the full string stays in the entry and the CSV.
 */
export function browserName(userAgent: string | null | undefined): string {
  if (!userAgent) return '';
  const ua = userAgent;
  const rules: [RegExp, string][] = [
    [/RushesUploader|rushes-uploader/i, 'Rushes Uploader'],
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
    [/Safari\//, 'Safari'],
    [/^curl\//i, 'curl'],
    [/node-fetch|undici|^node/i, 'Node.js'],
    [/python-requests|aiohttp|^python/i, 'Python'],
  ];
  for (const [pattern, name] of rules) if (pattern.test(ua)) return name;
  return ua.split(/[\s/]/)[0].slice(0, 20);
}

/**
 * One CSV cell: quoted, quotes doubled, and a cell a spreadsheet would read as a formula (starting with
 * = + - @, a tab or a carriage return) prefixed with an apostrophe (OWASP "CSV injection").
 */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

export const csvRow = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
