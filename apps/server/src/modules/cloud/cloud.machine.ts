import { randomBytes } from 'node:crypto';
import type { CloudCatalogue } from '@rushes/shared';

/** What a provider hands back for a started machine (the ready step's credentials). */
export interface Machine {
  hostName: string;
  ipAddress: string;
  /** the VNC server's TCP port (the proxy connects to ipAddress:port) */
  port: number;
  username: string;
  password: string;
  /** the provider's own handle (local: display number; pool: machine id) */
  ref: string;
  /**
   * Whether this machine's agent will report 'started' (the session stays booting until it does);
   * unset: as its provider says (waitsForAgent). Pool: its agent service has asked for a lease.
   */
  runsAgent?: boolean;
}

/** How a machine's workstation agent reaches the server, with its per-session token. */
export interface AgentLaunch {
  /** the server's URL as the agent on that machine reaches it (local: http://127.0.0.1:<port>) */
  serverUrl: string;
  /** the per-session agent token, plaintext (rsh_…) */
  token: string;
  cloudId: string;
}

/** The catalogue slugs a provider can really run (the wizard offers only these). */
export interface Runnable {
  softwares: Set<string>;
  plugins: Set<string>;
}

/**
 * Where sessions run. `start` is idempotent per session id (a boot job that runs again
 * after a restart gets the same machine or a new one); `stop` too.
 */
export interface CloudProvider {
  readonly name: 'local' | 'simulated' | 'pool';
  /**
   * Whether its sessions stay booting until their workstation agent reports 'started' (default: the
   * local provider only; cloud.agent.lifecycle.ts waitsForAgent).
   */
  readonly waitsForAgent?: boolean;
  /** null when it can run sessions; else why not (logged, the user reads 'Resource is not available') */
  unavailableReason(catalogue?: CloudCatalogue): Promise<string | null>;
  /** the softwares and plugins of the catalogue this provider can run */
  runnable(catalogue: CloudCatalogue): Promise<Runnable>;
  start(
    sessionId: string,
    opts: { hardwareSlug: string; password?: string; agent?: AgentLaunch },
  ): Promise<Machine>;
  stop(sessionId: string): Promise<void>;
  /** the sessions this process runs (local desktops die with it) */
  running(sessionId: string): boolean;
  close(): Promise<void>;
}

/** A one-time VNC password (VNC authentication reads 8 characters). */
export const oneTimePassword = () => randomBytes(6).toString('base64url').slice(0, 8);
