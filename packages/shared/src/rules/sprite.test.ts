import { describe, expect, it } from 'vitest';
import { spriteAnswer, spriteLayoutFor, spriteTileAt } from './sprite.ts';

describe('sprite sheet layout', () => {
  it('a minute of 1080p: 100 tiles of 160 × 90 in 10 rows, one per 0.6 s', () => {
    expect(spriteLayoutFor(60, 1920, 1080)).toEqual({
      cols: 10,
      rows: 10,
      count: 100,
      tileWidth: 160,
      tileHeight: 90,
      intervalSeconds: 0.6,
    });
  });

  it('short clips get fewer tiles, never closer than 0.5 s; a still gets one', () => {
    expect(spriteLayoutFor(6, 320, 240)).toMatchObject({ count: 12, cols: 10, rows: 2, tileHeight: 120 });
    expect(spriteLayoutFor(0.04, 320, 240)).toMatchObject({ count: 1, cols: 1, rows: 1 });
    expect(spriteLayoutFor(2 * 3600, 1920, 1080)).toMatchObject({ count: 100, intervalSeconds: 72 });
  });

  it('no duration, no sheet; unknown size is 16:9; a tall picture is capped', () => {
    expect(spriteLayoutFor(null, 1920, 1080)).toBeNull();
    expect(spriteLayoutFor(0, 1920, 1080)).toBeNull();
    expect(spriteLayoutFor(10, null, null)).toMatchObject({ tileHeight: 90 });
    expect(spriteLayoutFor(10, 1080, 1920)).toMatchObject({ tileHeight: 284 });
    expect(spriteLayoutFor(10, 100, 2000)).toMatchObject({ tileHeight: 320 });
  });

  it('the tile of a time is clamped to the sheet', () => {
    const s = spriteAnswer(spriteLayoutFor(60, 1920, 1080))!;
    expect(s).toMatchObject({ tile_width: 160, tile_height: 90, interval_seconds: 0.6 });
    expect(spriteTileAt(s, 0)).toBe(0);
    expect(spriteTileAt(s, 1.19)).toBe(1);
    expect(spriteTileAt(s, 59.99)).toBe(99);
    expect(spriteTileAt(s, 75)).toBe(99);
    expect(spriteTileAt(s, -3)).toBe(0);
  });
});
