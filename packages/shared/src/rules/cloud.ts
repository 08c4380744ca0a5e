/**
 * Cloud editing (spec 001 §1–§5, §9): the catalogue of remote workstations, the price
 * arithmetic and the constants. Prices are in PSC per hour (1 PSC = 1 rupee); plugin prices add to
 * the hardware price. The catalogue here is the seeded default; the server keeps the live one in its
 * database (seeded from this or from CLOUD_CATALOGUE_FILE), edited by a platform admin on /cloud-admin.
 */
import { formatRupees } from './gst.ts';
import { addProductMessages } from './messages.ts';
import type { CloudCatalogue } from './cloudCatalogue.ts';

/**
 * Cloud editing (spec 001 §3, §7): the API's paths (schemas/cloud.ts has the request and answer
 * shapes). The browser launch's WebSocket (`CLOUD_API.vnc`) is an upgrade, not a JSON route.
 */
export const CLOUD_API = {
  systemTypes: '/api/cloud/system-resources',
  softwares: '/api/cloud/softwares',
  plugins: '/api/cloud/plugins',
  hardware: '/api/cloud/hardware',
  systems: '/api/cloud/systems',
  availability: '/api/cloud/availability',
  start: '/api/cloud/sessions',
  extend: '/api/cloud/sessions/extend',
  end: '/api/cloud/sessions/end',
  queue: '/api/cloud/queue',
  cancelQueue: '/api/cloud/queue/cancel',
  connector: '/api/cloud/connector',
  connectionFile: '/api/cloud/connection-file',
  launch: '/api/cloud/launch',
  errorTypes: '/api/cloud/system-report',
  report: '/api/cloud/issue-report',
  time: '/api/cloud/time',
  /** platform admins: GET the issue reports, PUT one handled */
  adminReports: '/api/cloud/admin/reports',
  adminHandleReport: '/api/cloud/admin/reports/handle',
  /** platform admins: GET, POST (register), DELETE the pool's workstations */
  adminMachines: '/api/cloud/admin/machines',
  /** platform admins: PUT a new agent key for a workstation (the old one stops working) */
  adminMachineKey: '/api/cloud/admin/machines/agent-key',
  /** platform admins: GET the catalogue, PUT a new one (the whole document) */
  adminCatalogue: '/api/cloud/admin/catalogue',
  /** WebSocket (binary): the VNC stream of a started session, `?cloud_id=&launch_token=` */
  vnc: '/api/cloud/vnc',
  /** the workstation agent's routes (its session's agent token only) */
  agent: '/api/cloud/agent',
  /** GET the session's manifest (`?cloud_id=`): project files with signed URLs, software, idle rules */
  agentSession: '/api/cloud/agent/session',
  /** POST phase, idle time, pending renders; answers the action (run, final_sync, stop) */
  agentHeartbeat: '/api/cloud/agent/heartbeat',
  /** POST an uploaded render: stacked as a new version when its name is taken in the renders folder */
  agentRender: '/api/cloud/agent/render',
  /** PUT the desktop user's settings archive (raw bytes, `?cloud_id=`) */
  agentSettings: '/api/cloud/agent/settings',
  /**
   * POST by a pool workstation's agent service with its machine key (`Bearer rsm_…`): which
   * session's agent to run there now, if any; it also reports what the machine can run
   */
  agentLease: '/api/cloud/agent/lease',
  /** platform admins: GET each provider's health */
  adminHealth: '/api/cloud/admin/health',
  /**
   * WebSocket (binary): the connector's tunnel to a started session's VNC, `?cloud_id=&token=` (the
   * connector token of the connection file; no cookie)
   */
  tunnel: '/api/cloud/tunnel',
} as const;

/** Durations offered (spec 001 §9), in minutes; only 60 while the machine is started. */
export const CLOUD_DURATIONS = [60, 120, 180, 240] as const;
export const CLOUD_EXTENSION_MINUTES = 60;
/** A queued machine must be confirmed within this time (spec 001 §4, §9). */
export const CLOUD_CONFIRM_SECONDS = 5 * 60;
/** The warning notification before the session ends (decided). */
export const CLOUD_WARN_BEFORE_END_SECONDS = 15 * 60;
/** 'Copied' shows 3 s for cloud credentials, 1 s for an upload id (spec 001 §2). */
export const CLOUD_COPIED_MS = 3000;
export const UPLOAD_ID_COPIED_MS = 1000;
/** The banner's countdown tick (spec 001 §9). */
export const CLOUD_TICK_MS = 1000;

export const MACHINE_STATUSES = [
  'machine_inqueue',
  'machine_available',
  'machine_booting',
  'machine_started',
  'machine_shutting_down',
] as const;
export type MachineStatus = (typeof MACHINE_STATUSES)[number];

/** Plugins of a software (the plugin step). */
export const pluginsFor = (c: CloudCatalogue, softwareSlug: string) =>
  c.plugins.filter((p) => p.softwares.includes(softwareSlug));

/**
 * Selecting a plugin also selects its auto_select plugins (those the software offers); deselecting one
 * removes only itself (spec 001 §4.7). Order of first selection is kept.
 */
export function togglePlugin(
  c: CloudCatalogue,
  softwareSlug: string,
  selected: readonly string[],
  pick: string,
) {
  return togglePluginIn(pluginsFor(c, softwareSlug), selected, pick);
}

/** The same over the plugin step's list (the web has the offered plugins, not the catalogue). */
export function togglePluginIn(
  offered: readonly { slug: string; configurations: { auto_select: readonly string[] } }[],
  selected: readonly string[],
  pick: string,
) {
  if (selected.includes(pick)) return selected.filter((s) => s !== pick);
  const plugin = offered.find((p) => p.slug === pick);
  if (!plugin) return [...selected];
  const out = [...selected, pick];
  for (const extra of plugin.configurations.auto_select)
    if (offered.some((p) => p.slug === extra) && !out.includes(extra)) out.push(extra);
  return out;
}

/** PSC per hour: the hardware's price plus each selected plugin's (spec 001 §1). Unknown slugs throw. */
export function pricePerHour(c: CloudCatalogue, hardwareSlug: string, pluginSlugs: readonly string[]) {
  const hardware = c.hardware.find((h) => h.slug === hardwareSlug);
  if (!hardware) throw new Error(`unknown hardware ${hardwareSlug}`);
  let total = hardware.pricing;
  for (const s of new Set(pluginSlugs)) {
    const plugin = c.plugins.find((p) => p.slug === s);
    if (!plugin) throw new Error(`unknown plugin ${s}`);
    total += plugin.pricing;
  }
  return total;
}

/** A price per hour in the spec's format: rupees (1 PSC = ₹1), en-IN grouping, e.g. "₹1,250.00 / hour". */
export const formatPerHour = (psc: number) => `${formatRupees(Math.round(psc * 100))} ${CLOUD_TEXT.perHour}`;

/** What a booking of `minutes` costs at `perHour` PSC (durations are whole hours). */
export const sessionCost = (perHour: number, minutes: number) => (perHour * minutes) / 60;

/**
 * A configuration's id (cloud_configuration_db_id): software, hardware and the sorted plugins. It is
 * derived, not stored, so a changed catalogue cannot leave a dangling row.
 */
export const configurationId = (software: string, hardware: string, plugins: readonly string[]) =>
  [software, hardware, [...new Set(plugins)].sort().join('+')].join('.');

export function parseConfigurationId(id: string) {
  const [software, hardware, plugins, ...rest] = id.split('.');
  if (!software || !hardware || plugins === undefined || rest.length) return null;
  return { software, hardware, plugins: plugins ? plugins.split('+') : [] };
}

/** The countdown text: hours only when non-zero (spec 001 §2), e.g. "1:02:03" or "02:03". */
export function formatCloudCountdown(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** HH:MM AM/PM (spec 001 §9) in the given time zone. */
export function formatClock(date: Date | string, timeZone?: string) {
  return new Intl.DateTimeFormat('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(date));
}

/** Every user-visible text of the area (spec 001 verbatim where it writes one; the rest decided). */
export const CLOUD_TEXT = {
  // spec 001 §2, §8
  sessionActive: 'Cloud Session Active',
  shuttingDown: 'System shutting down approximately in',
  gettingReady: 'System getting ready approximately in',
  resourceNotAvailable: 'Resource is not available',
  somethingWentWrong: 'Something went wrong',
  invalidSessionId: 'Invalid Cloud Session ID',
  copied: 'Copied',
  extendHelp: 'Extend by 1 hour. Do it 15-20 minutes before the end of your session.',
  // decided (docs/decisions/0024-cloud-editing.md "Cloud editing")
  panelTitle: 'Cloud editing',
  openButton: 'Cloud system',
  stepType: 'Choose a system type',
  stepSoftware: 'Choose the software',
  stepPlugins: 'Add plugins',
  stepHardware: 'Choose the hardware',
  stepDuration: 'How long do you need it?',
  perHour: '/ hour',
  total: 'Total',
  next: 'Next',
  back: 'Back',
  skip: 'Skip',
  checkAvailability: 'Check availability',
  available: 'A machine is available',
  notAvailable: 'No machine is free right now. Join the queue and we will offer you the next one.',
  joinQueue: 'Join the queue',
  inQueue: 'You are in the queue',
  queuePosition: 'Position in the queue',
  cancelQueue: 'Cancel',
  queueOffered: 'A machine is free for you. Confirm within 5 minutes.',
  confirm: 'Confirm and start',
  startSession: 'Start session',
  preparing: 'Preparing your machine',
  ticket: 'Ticket',
  ready: 'Your machine is ready',
  username: 'Username',
  password: 'Password',
  ipAddress: 'IP address',
  openInBrowser: 'Open in browser',
  downloadConnection: 'Download connection file',
  nextSteps: 'Next steps',
  nextStepsHelp:
    'The project’s files are in the folder named after it in the machine’s home. Save what you make in its Renders folder: each file closed there becomes an asset of the project (a new version when the name exists), with a last upload before the machine shuts down at End or at the end time.',
  adobeLicense: 'This software needs your own Adobe licence: sign in with your Adobe account on the machine.',
  accessDetails: 'Cloud access details',
  cloudSystem: 'Cloud system',
  configuration: 'Configuration',
  plugins: 'Plugins',
  endsAt: 'Ends at',
  extend: 'Extend by 1 hour',
  extended: 'Session extended by 1 hour',
  endSession: 'End session',
  endSessionConfirm: 'End the session now? The machine shuts down and the rest of the time is not refunded.',
  sessionEnded: 'Session ended',
  reportIssue: 'Report an issue',
  reportType: 'Issue type',
  reportSessionId: 'Cloud session ID',
  reportMessage: 'Describe the issue',
  reportSent: 'Issue reported',
  reportHandled: 'Your cloud issue report was handled',
  warnEnding: 'Your cloud session ends in 15 minutes. Extend it now if you need more time.',
  failedRefunded: 'The machine could not be started; the credits were refunded.',
  notEnoughCredits: 'Not enough credits',
  notStarted: 'The machine is not started',
  onlyOneHour: 'Only a 1-hour extension is offered while the machine is started',
  alreadyRunning: 'You already have a cloud session',
  remoteDesktop: 'Remote desktop',
  reportMarkedHandled: 'Report marked as handled',
  addMachine: 'Register workstation',
  adminReports: 'Cloud issue reports',
  adminMachines: 'Pool workstations',
  machineName: 'Name',
  machineHardware: 'Hardware slug',
  machineHost: 'VNC host',
  machinePort: 'Port',
  removeMachine: 'Remove',
  machineRemoved: 'The workstation is in use: end its session first',
  onlyPlatformAdmins: 'Only platform admins can do this',
  rotationPath: 'Password file the server writes',
  rotationNotConfigured: 'Set CLOUD_POOL_PASSWORD_DIR on the server to rotate pool passwords',
  connecting: 'Connecting…',
  disconnected: 'Disconnected',
} as const;

/** Error types offered by the report modal (by cloud assignment: the session's software adds its own). */
export const CLOUD_ERROR_TYPES = [
  { value: 'cannot_connect', label: 'Cannot connect' },
  { value: 'slow', label: 'The machine is slow' },
  { value: 'software', label: 'The software does not work' },
  { value: 'plugin', label: 'A plugin does not work' },
  { value: 'other', label: 'Other' },
] as const;

// the server's envelope check knows these texts as the product's
addProductMessages(Object.values(CLOUD_TEXT));
