import { z } from 'zod';
import { addProductMessages } from '../rules/messages.ts';
import { GRID_CARD_SIZE, GRID_TEXT } from '../rules/gridText.ts';

addProductMessages([GRID_TEXT.viewSaved]);

/** How the caller browses a project's assets: as a list or a grid of cards, and the cards' width. */
export const assetViewMode = z.enum(['list', 'grid']);
export type AssetViewMode = z.infer<typeof assetViewMode>;

export const assetView = z.object({
  view: assetViewMode,
  card_size: z.number().int().min(GRID_CARD_SIZE.min).max(GRID_CARD_SIZE.max),
});
export type AssetView = z.infer<typeof assetView>;

/** PUT: both choices (the page holds both and sends them together). */
export const assetViewBody = assetView;
export type AssetViewBody = AssetView;

export const assetViewSaved = assetView.extend({ message: z.string() });
