import type { Tx } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Emit } from '../../platform/events/bus.ts';

/**
 * Work other modules do inside the transaction that deletes assets, before the rows go (shares drop
 * their tray cards live). Registered at boot by those modules, per app, so assets imports none of them.
 */
export type AssetsDeletingHook = (tx: Tx, emit: Emit, assetIds: string[]) => Promise<void>;

const hooks = new WeakMap<AppContext, AssetsDeletingHook[]>();

export function onAssetsDeleting(ctx: AppContext, hook: AssetsDeletingHook) {
  hooks.set(ctx, [...(hooks.get(ctx) ?? []), hook]);
}

export async function runAssetsDeleting(ctx: AppContext, tx: Tx, emit: Emit, assetIds: string[]) {
  for (const hook of hooks.get(ctx) ?? []) await hook(tx, emit, assetIds);
}

/**
 * Work other modules do inside the transaction that moves assets to another project (their rows
 * that name the project follow the asset: a transcript's lines are searched by project).
 */
export type AssetsMovedHook = (tx: Tx, assetIds: string[], projectId: string) => Promise<void>;

const movedHooks = new WeakMap<AppContext, AssetsMovedHook[]>();

export function onAssetsMoved(ctx: AppContext, hook: AssetsMovedHook) {
  movedHooks.set(ctx, [...(movedHooks.get(ctx) ?? []), hook]);
}

export async function runAssetsMoved(ctx: AppContext, tx: Tx, assetIds: string[], projectId: string) {
  for (const hook of movedHooks.get(ctx) ?? []) await hook(tx, assetIds, projectId);
}
