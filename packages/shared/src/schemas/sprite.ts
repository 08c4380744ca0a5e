import { z } from 'zod';

/**
 * A sprite sheet's layout: `count` tiles of tile_width x tile_height in a cols x rows JPEG, one every
 * interval_seconds from the start; the tile of time t is floor(t / interval_seconds).
 */
export const spriteLayout = z.object({
  cols: z.number().int(),
  rows: z.number().int(),
  count: z.number().int(),
  tile_width: z.number().int(),
  tile_height: z.number().int(),
  interval_seconds: z.number(),
});
export type SpriteLayout = z.infer<typeof spriteLayout>;
/** The layout and the image's address (of the newest version's sprite for a stack). */
export const spriteSheet = spriteLayout.extend({ url: z.string() });
export type SpriteSheet = z.infer<typeof spriteSheet>;
