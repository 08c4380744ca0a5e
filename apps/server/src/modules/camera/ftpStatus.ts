import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { C2eFtpUnavailable } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';

/**
 * Whether cameras can log in, as every app node tells it. The node that runs the FTP server
 * (FTP_ENABLED) knows its own state: starting, listening, or why it did not start. With REDIS_URL
 * it also publishes it (a key refreshed every HEARTBEAT_MS that lapses when the node is gone), so
 * a node without the FTP server answers what the serving node said, and 'off' when none says
 * anything. Without Redis there is one node: FTP_ENABLED=false there means camera FTP is off.
 */
type State = { kind: 'starting' } | { kind: 'listening' } | { kind: 'failed'; reason: C2eFtpUnavailable };

/** One key per installation: its nodes share APP_SECRET (tests' apps each have their own). */
const keyOf = (ctx: AppContext) =>
  `rushes-ftp-status-${createHash('sha256').update(ctx.secret).digest('hex').slice(0, 16)}`;
const HEARTBEAT_MS = 20_000;

interface NodeStatus {
  state: State;
  redis?: Redis;
  timer?: NodeJS.Timeout;
}
const nodes = new WeakMap<AppContext, NodeStatus>();
const readers = new WeakMap<AppContext, Redis>();

export const runsFtp = (ctx: AppContext) => ['true', '1'].includes(ctx.config.FTP_ENABLED);

const stateOf = (value: string | null): State | null => {
  if (value === 'listening') return { kind: 'listening' };
  if (value === 'port_in_use' || value === 'failed') return { kind: 'failed', reason: value };
  return null;
};

/** Records this node's FTP state (and publishes it with Redis). */
export function setFtpState(ctx: AppContext, state: State) {
  let node = nodes.get(ctx);
  if (!node) {
    node = { state };
    nodes.set(ctx, node);
  }
  node.state = state;
  if (!ctx.config.REDIS_URL || state.kind === 'starting') return;
  node.redis ??= new Redis(ctx.config.REDIS_URL, { maxRetriesPerRequest: 3 });
  const value = state.kind === 'listening' ? 'listening' : state.reason;
  const publish = () =>
    void node.redis?.set(keyOf(ctx), value, 'PX', HEARTBEAT_MS * 3).catch(() => undefined);
  publish();
  clearInterval(node.timer);
  node.timer = setInterval(publish, HEARTBEAT_MS);
  node.timer.unref();
}

/** Stops publishing (the app closes); a listening node's key is removed at once. */
export async function closeFtpState(ctx: AppContext) {
  const node = nodes.get(ctx);
  clearInterval(node?.timer);
  if (node?.redis) {
    if (node.state.kind === 'listening') await node.redis.del(keyOf(ctx)).catch(() => undefined);
    await node.redis.quit().catch(() => undefined);
  }
  await readers
    .get(ctx)
    ?.quit()
    .catch(() => undefined);
  nodes.delete(ctx);
  readers.delete(ctx);
}

/** null when cameras can log in (or the server is still starting), else why not. */
export async function ftpUnavailable(ctx: AppContext): Promise<C2eFtpUnavailable | null> {
  if (runsFtp(ctx)) {
    const state = nodes.get(ctx)?.state ?? { kind: 'starting' };
    return state.kind === 'failed' ? state.reason : null;
  }
  if (!ctx.config.REDIS_URL) return 'off';
  let reader = readers.get(ctx);
  if (!reader) {
    reader = new Redis(ctx.config.REDIS_URL, { maxRetriesPerRequest: 3 });
    readers.set(ctx, reader);
  }
  const state = stateOf(await reader.get(keyOf(ctx)).catch(() => null));
  if (!state) return 'off';
  return state.kind === 'failed' ? state.reason : null;
}
