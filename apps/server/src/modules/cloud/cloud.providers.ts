import type { AppContext } from '../../platform/context.ts';
import type { ModuleLog } from '../../platform/modules.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import { createLocalProvider } from './cloud.local.ts';
import { createPoolProvider } from './cloud.pool.ts';
import { oneTimePassword, type CloudProvider } from './cloud.machine.ts';
import { runsEverything } from './cloud.runnable.ts';

export { oneTimePassword, type CloudProvider, type Machine } from './cloud.machine.ts';

/** No desktop: credentials only (tests and machines without X). */
function createSimulatedProvider(): CloudProvider {
  const live = new Set<string>();
  return {
    name: 'simulated',
    unavailableReason: async () => null,
    runnable: async (c) => runsEverything(c),
    async start(sessionId, opts) {
      live.add(sessionId);
      return {
        hostName: 'simulated.rushes.local',
        ipAddress: '127.0.0.1',
        port: 5999,
        username: 'editor',
        password: opts.password ?? oneTimePassword(),
        ref: `sim-${sessionId.slice(0, 8)}`,
      };
    },
    async stop(sessionId) {
      live.delete(sessionId);
    },
    running: (id) => live.has(id),
    async close() {
      live.clear();
    },
  };
}

const providers = new WeakMap<AppContext, CloudProvider>();

/** The app's provider (one per app: tests build several apps in one process). */
export function providerOf(ctx: AppContext, log: ModuleLog): CloudProvider {
  let p = providers.get(ctx);
  if (!p) {
    const kind = ctx.config.CLOUD_PROVIDER;
    p =
      kind === 'simulated'
        ? createSimulatedProvider()
        : kind === 'pool'
          ? createPoolProvider(
              ctx.db,
              secretBoxFor(ctx.config, ctx.secret),
              ctx.config.CLOUD_POOL_PASSWORD_DIR,
            )
          : createLocalProvider({
              geometry: ctx.config.CLOUD_LOCAL_GEOMETRY,
              homeDir: ctx.config.CLOUD_LOCAL_HOME_DIR,
              finalSyncSeconds: ctx.config.CLOUD_FINAL_SYNC_SECONDS,
              agentBin: ctx.config.CLOUD_AGENT_BIN,
              db: ctx.db,
              log,
            });
    providers.set(ctx, p);
  }
  return p;
}

/** Tests swap the provider of an app (a failing one, a counting one). */
export function setProviderForTests(ctx: AppContext, provider: CloudProvider) {
  providers.set(ctx, provider);
}
