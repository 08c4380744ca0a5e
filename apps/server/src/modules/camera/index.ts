import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { defineModule } from '../../platform/modules.ts';
import { cameraPolicy } from './camera.policy.ts';
import { settleJob } from './camera.jobs.ts';
import { registerCameraMappers } from './camera.realtime.ts';
import { cameraRoutes } from './camera.routes.ts';
import { deviceLoginRoutes } from './deviceLogin.routes.ts';
import { startFtpServer } from './ftpServer.ts';
import { runsFtp } from './ftpStatus.ts';

// What other modules may call (everything else in this folder is internal).
export { canUseCamera } from './camera.policy.ts';
export { apiTokenUsed } from './tokens.service.ts';
/** The built uploader files: the cloud connector is the same program's `connect` command. */
export { uploaderBuilds } from './uploader.ts';

const logs = new WeakMap<AppContext, FastifyBaseLogger>();

/**
 * Starts the FTP server when FTP_ENABLED; a port in use is logged and the rest of the app runs on:
 * the session details then say camera FTP is not available, and why (ftpStatus.ts), until the port
 * is free and the app restarts.
 */
async function scheduleFtp(ctx: AppContext) {
  const log = logs.get(ctx);
  if (!log || !runsFtp(ctx)) return;
  try {
    const handle = await startFtpServer(ctx, log);
    log.info({ port: handle.port }, 'camera-to-edit FTP server listening');
  } catch (err) {
    log.error({ err }, 'camera-to-edit FTP server did not start');
  }
}

/** Camera to edit: C2E sessions as FTP accounts, their FTP/FTPS server, the uploader download and its device login. */
export const cameraModule = defineModule({
  name: 'camera',
  policies: { 'camera.canUseCamera': cameraPolicy() },
  routes: [
    (ctx) => {
      const routes = cameraRoutes(ctx);
      return async (fastify) => {
        logs.set(ctx, fastify.log);
        await routes(fastify);
      };
    },
    deviceLoginRoutes,
  ],
  jobs: { 'camera.settle': settleJob },
  listeners: [registerCameraMappers],
  schedules: [scheduleFtp],
});
