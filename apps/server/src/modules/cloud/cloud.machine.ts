import { randomBytes } from 'node:crypto';

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
}

/**
 * Where sessions run. `start` is idempotent per session id (a boot job that runs again
 * after a restart gets the same machine or a new one); `stop` too.
 */
export interface CloudProvider {
  readonly name: 'local' | 'simulated' | 'pool';
  /** null when it can run sessions; else why not (logged, the user reads 'Resource is not available') */
  unavailableReason(): Promise<string | null>;
  start(sessionId: string, opts: { hardwareSlug: string; password?: string }): Promise<Machine>;
  stop(sessionId: string): Promise<void>;
  /** the sessions this process runs (local desktops die with it) */
  running(sessionId: string): boolean;
  close(): Promise<void>;
}

/** A one-time VNC password (VNC authentication reads 8 characters). */
export const oneTimePassword = () => randomBytes(6).toString('base64url').slice(0, 8);
