import { UnstyledButton } from '@mantine/core';
import type { AssetComment, Drawing } from '@rushes/shared';

export type Point = { x: number; y: number };
type Shape = Drawing['shapes'][number];

/** A drag shorter than this (in pixels) is a click: a point, not a region. */
export const DRAG_THRESHOLD_PX = 6;
const REGION_COLOR = '#ff3b30';

/** The top-left corner of shapes (where a region's pin sits), or null when there are none. */
export function cornerOf(shapes: readonly Shape[] | null | undefined): Point | null {
  const points = (shapes ?? []).flatMap((s) => s.points);
  if (points.length === 0) return null;
  return { x: Math.min(...points.map((p) => p[0])), y: Math.min(...points.map((p) => p[1])) };
}

/** Where a comment's pin sits on its page: its point, else the corner of its drawing. */
export function pinOf(c: AssetComment): Point | null {
  if (c.x !== null && c.y !== null) return { x: c.x, y: c.y };
  return cornerOf(c.drawing?.shapes);
}

/** A region dragged from `a` to `b` (0..1 of the picture) as the rectangle shape comments carry. */
export const regionShape = (a: Point, b: Point): Shape => ({
  kind: 'rect',
  color: REGION_COLOR,
  points: [
    [Math.min(a.x, b.x), Math.min(a.y, b.y)],
    [Math.max(a.x, b.x), Math.max(a.y, b.y)],
  ],
});

/** A numbered pin whose pointed corner (bottom left) is on the point. */
export function Pin({
  at,
  label,
  text,
  active,
  onClick,
}: {
  at: Point;
  label: string;
  text: string;
  active: boolean;
  onClick?: () => void;
}) {
  return (
    <UnstyledButton
      aria-label={label}
      aria-pressed={onClick ? active : undefined}
      data-active={active || undefined}
      onPointerDown={(e) => e.stopPropagation()}
      onClick={(e) => {
        e.stopPropagation();
        onClick?.();
      }}
      style={{
        position: 'absolute',
        left: `${at.x * 100}%`,
        top: `calc(${at.y * 100}% - 24px)`,
        width: 24,
        height: 24,
        borderRadius: '50% 50% 50% 0',
        display: 'grid',
        placeItems: 'center',
        fontSize: 12,
        fontWeight: 700,
        color: 'white',
        background: active ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-orange-6)',
        border: '2px solid white',
        boxShadow: active
          ? '0 0 0 3px var(--mantine-color-red-2), 0 1px 4px rgba(0,0,0,.5)'
          : '0 1px 4px rgba(0,0,0,.5)',
        transform: active ? 'scale(1.2)' : undefined,
        transformOrigin: 'bottom left',
        zIndex: active ? 2 : 1,
        pointerEvents: onClick ? 'auto' : 'none',
      }}
    >
      {text}
    </UnstyledButton>
  );
}
