import { describe, expect, it } from 'vitest';
import type { AssetComment } from '@rushes/shared';
import { cornerOf, pinOf, regionShape } from './PdfPagesPins.tsx';

const comment = (over: Partial<AssetComment>): AssetComment =>
  ({ x: null, y: null, page: 1, drawing: null, ...over }) as AssetComment;

describe('pins on pictures and pages', () => {
  it('a region dragged in any direction is the same rectangle, its pin at the top-left corner', () => {
    const down = regionShape({ x: 0.9, y: 0.8 }, { x: 0.1, y: 0.5 });
    expect(down).toMatchObject({
      kind: 'rect',
      points: [
        [0.1, 0.5],
        [0.9, 0.8],
      ],
    });
    expect(down).toEqual(regionShape({ x: 0.1, y: 0.8 }, { x: 0.9, y: 0.5 }));
    expect(cornerOf([down])).toEqual({ x: 0.1, y: 0.5 });
    expect(cornerOf([])).toBeNull();
    expect(cornerOf(null)).toBeNull();
  });

  it("a comment's pin is its point, else its drawing's corner, else none", () => {
    const shape = regionShape({ x: 0.3, y: 0.4 }, { x: 0.6, y: 0.7 });
    expect(pinOf(comment({ x: 0.2, y: 0.25, drawing: { shapes: [shape] } }))).toEqual({ x: 0.2, y: 0.25 });
    expect(pinOf(comment({ drawing: { shapes: [shape] } }))).toEqual({ x: 0.3, y: 0.4 });
    expect(pinOf(comment({}))).toBeNull();
    // a point at the edge (0) is a point
    expect(pinOf(comment({ x: 0, y: 0 }))).toEqual({ x: 0, y: 0 });
  });
});
