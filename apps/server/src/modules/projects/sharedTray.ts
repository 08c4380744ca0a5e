import type { SharedAssetsPage, TrayQuery } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';

type SharedTray = (userId: string, q: TrayQuery) => Promise<SharedAssetsPage>;

/**
 * The 'Shared Assets' tray is answered by the shares module, which registers it at boot (so projects
 * does not import shares, and shares may use the project rules without a module cycle).
 */
const providers = new WeakMap<AppContext, SharedTray>();

export const provideSharedAssetsTray = (ctx: AppContext, tray: SharedTray) => providers.set(ctx, tray);

export function sharedAssetsTrayOf(ctx: AppContext): SharedTray {
  const tray = providers.get(ctx);
  if (!tray) throw new Error('the shares module did not register the Shared Assets tray');
  return tray;
}
