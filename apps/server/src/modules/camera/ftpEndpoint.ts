import type { AppContext } from '../../platform/context.ts';

/**
 * Where cameras connect: the host name from config (FTP_PUBLIC_HOST, else PUBLIC_URL's host) and the
 * port the running FTP server listens on (FTP_PORT may be 0 in tests, so the bound port is kept here
 * per app context once it listens).
 */
const boundPorts = new WeakMap<AppContext, number>();

export const setBoundPort = (ctx: AppContext, port: number) => boundPorts.set(ctx, port);

export function ftpEndpoint(ctx: AppContext) {
  const { config } = ctx;
  const host = config.FTP_PUBLIC_HOST ?? new URL(config.publicUrl).hostname;
  return {
    host,
    configured: config.FTP_PUBLIC_HOST !== undefined,
    port: boundPorts.get(ctx) ?? config.FTP_PORT,
  };
}
