/**
 * The hover-scrub sprite sheet of a video: one small JPEG of evenly spaced tiles, read left to
 * right, top to bottom. At most SPRITE_MAX_TILES tiles, never closer than
 * SPRITE_MIN_INTERVAL_SECONDS apart (a short clip gets fewer), each SPRITE_TILE_WIDTH px wide and
 * as tall as the picture's aspect makes it (even, at least 2 px, at most SPRITE_TILE_MAX_HEIGHT).
 */
export const SPRITE_MAX_TILES = 100;
export const SPRITE_COLUMNS = 10;
export const SPRITE_TILE_WIDTH = 160;
export const SPRITE_TILE_MAX_HEIGHT = 320;
export const SPRITE_MIN_INTERVAL_SECONDS = 0.5;

/** Layout of a sprite sheet (camelCase as stored in assets.sprite_info). */
export interface SpriteInfo {
  cols: number;
  rows: number;
  count: number;
  tileWidth: number;
  tileHeight: number;
  intervalSeconds: number;
}

/**
 * The layout for a clip of `durationSeconds` whose picture is `width` x `height` (display size; an
 * unknown size is taken as 16:9). Null when there is no duration to spread tiles over.
 */
export function spriteLayoutFor(
  durationSeconds: number | null,
  width: number | null,
  height: number | null,
): SpriteInfo | null {
  if (!durationSeconds || !Number.isFinite(durationSeconds) || durationSeconds <= 0) return null;
  const count = Math.max(
    1,
    Math.min(SPRITE_MAX_TILES, Math.floor(durationSeconds / SPRITE_MIN_INTERVAL_SECONDS)),
  );
  const aspect = width && height ? height / width : 9 / 16;
  const tileHeight = Math.min(
    SPRITE_TILE_MAX_HEIGHT,
    Math.max(2, Math.round((SPRITE_TILE_WIDTH * aspect) / 2) * 2),
  );
  const cols = Math.min(SPRITE_COLUMNS, count);
  return {
    cols,
    rows: Math.ceil(count / cols),
    count,
    tileWidth: SPRITE_TILE_WIDTH,
    tileHeight,
    intervalSeconds: durationSeconds / count,
  };
}

/** The tile showing time `seconds` (clamped to the sheet). */
export function spriteTileAt(sprite: { count: number; interval_seconds: number }, seconds: number): number {
  const i = Math.floor(seconds / sprite.interval_seconds);
  return Math.max(0, Math.min(sprite.count - 1, Number.isFinite(i) ? i : 0));
}

/** The answer's form of a stored layout (snake_case, as in the API's `sprite`). */
export const spriteAnswer = (info: SpriteInfo | null) =>
  info
    ? {
        cols: info.cols,
        rows: info.rows,
        count: info.count,
        tile_width: info.tileWidth,
        tile_height: info.tileHeight,
        interval_seconds: info.intervalSeconds,
      }
    : null;
