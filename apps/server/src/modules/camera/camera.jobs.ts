import type { JobFactory } from '../../platform/modules.ts';
import './camera.events.ts';
import { settleSession } from './camera.service.ts';

/** pending/resuming → active, pausing → paused (idempotent). */
export const settleJob: JobFactory<'camera.settle'> = (ctx) => async (data) => {
  await settleSession(ctx, data.sessionId);
};
