import { eq } from 'drizzle-orm';
import { GRID_CARD_SIZE, GRID_TEXT, type AssetView, type AssetViewBody } from '@rushes/shared';
import { userAssetViews } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';

/** Before a user chose anything: the list, and cards of the initial size once they switch. */
const DEFAULT_VIEW: AssetView = { view: 'list', card_size: GRID_CARD_SIZE.initial };

/**
 * The caller's way of browsing assets (list or grid, card size), kept per user so it follows them
 * to another browser. Only ever the session's own row: no request names a user.
 */
export function createAssetViewService(ctx: AppContext) {
  return {
    async get(userId: string): Promise<AssetView> {
      const [row] = await ctx.db
        .select({ view: userAssetViews.view, cardSize: userAssetViews.cardSize })
        .from(userAssetViews)
        .where(eq(userAssetViews.userId, userId));
      return row ? { view: row.view, card_size: row.cardSize } : DEFAULT_VIEW;
    },

    async save(userId: string, body: AssetViewBody) {
      const values = { view: body.view, cardSize: body.card_size, updatedAt: new Date() };
      await ctx.db
        .insert(userAssetViews)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: userAssetViews.userId, set: values });
      return { view: body.view, card_size: body.card_size, message: GRID_TEXT.viewSaved };
    },
  };
}
