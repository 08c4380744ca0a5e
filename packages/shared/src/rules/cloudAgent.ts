/**
 * The workstation agent's rules and texts (decided, see the cloud module's agent files): phases it
 * reports, actions the server answers, where renders go, and the notification texts of idle sessions.
 */
import { addProductMessages } from './messages.ts';

/** The phases a workstation agent reports (the server derives machine_status from them). */
export const CLOUD_AGENT_PHASES = ['booting', 'started', 'syncing', 'synced'] as const;
export type CloudAgentPhase = (typeof CLOUD_AGENT_PHASES)[number];

/** What the server asks of the agent: keep running, upload what is left and save settings, or stop. */
export const CLOUD_AGENT_ACTIONS = ['run', 'final_sync', 'stop'] as const;
export type CloudAgentActionName = (typeof CLOUD_AGENT_ACTIONS)[number];

/** The writable folder in the desktop user's home whose closed files become project assets. */
export const CLOUD_RENDERS_FOLDER = 'Renders';
/** Seconds between two heartbeats (and at once on a phase change). */
export const CLOUD_AGENT_HEARTBEAT_SECONDS = 5;
/** Largest settings archive the server keeps per user and team. */
export const CLOUD_SETTINGS_MAX_BYTES = 50 * 1024 * 1024;
/** Most files a session's manifest lists. */
export const CLOUD_MANIFEST_MAX_FILES = 10_000;

export const CLOUD_AGENT_TEXT = {
  idleWarning: 'Your cloud session is idle and will end soon. Unused whole hours are refunded.',
  idleEnded: 'Your cloud session ended because it was idle. Unused whole hours were refunded.',
  notThisSession: 'This token does not belong to that cloud session',
  notARender: 'Only a file uploaded into the session’s Renders folder is a render',
  machineKeyRefused: 'This workstation key is not valid',
  settingsEmpty: 'Send the settings archive as the body (application/octet-stream)',
} as const;

addProductMessages(Object.values(CLOUD_AGENT_TEXT));
