import { useRef, useState, type PointerEvent } from 'react';
import type { Drawing } from '@rushes/shared';

export type Tool = 'freehand' | 'arrow' | 'rect';
type Shape = Drawing['shapes'][number];
type Point = [number, number];

const DRAW_COLOR = '#ff3b30';

function ShapeView({ shape }: { shape: Shape }) {
  const pts = shape.points.map(([x, y]) => [x * 1000, y * 1000] as const);
  const stroke = {
    stroke: shape.color,
    strokeWidth: 6,
    fill: 'none',
    vectorEffect: 'non-scaling-stroke' as const,
  };
  if (shape.kind === 'rect') {
    const [[x1, y1], [x2, y2]] = [pts[0], pts[pts.length - 1]];
    return (
      <rect
        x={Math.min(x1, x2)}
        y={Math.min(y1, y2)}
        width={Math.abs(x2 - x1)}
        height={Math.abs(y2 - y1)}
        {...stroke}
      />
    );
  }
  if (shape.kind === 'arrow') {
    const [[x1, y1], [x2, y2]] = [pts[0], pts[pts.length - 1]];
    const angle = Math.atan2(y2 - y1, x2 - x1);
    const head = 40;
    const a1 = [x2 - head * Math.cos(angle - 0.5), y2 - head * Math.sin(angle - 0.5)];
    const a2 = [x2 - head * Math.cos(angle + 0.5), y2 - head * Math.sin(angle + 0.5)];
    return (
      <g>
        <line x1={x1} y1={y1} x2={x2} y2={y2} {...stroke} />
        <polyline points={`${a1[0]},${a1[1]} ${x2},${y2} ${a2[0]},${a2[1]}`} {...stroke} />
      </g>
    );
  }
  return <polyline points={pts.map(([x, y]) => `${x},${y}`).join(' ')} {...stroke} strokeLinejoin="round" />;
}

/**
 * Vector drawing over the paused frame: shapes are kept in frame-relative coordinates
 * (0..1), so they land on the same spot at any player size. Editable while writing a comment;
 * otherwise it shows a comment's drawing.
 */
export function DrawingLayer({
  shapes,
  tool,
  editable,
  onChange,
  label,
}: {
  shapes: readonly Shape[];
  tool: Tool;
  editable: boolean;
  onChange?: (shapes: Shape[]) => void;
  label: string;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const [current, setCurrent] = useState<Shape | null>(null);
  const at = (e: PointerEvent): Point => {
    const r = svg.current!.getBoundingClientRect();
    const clamp = (v: number) => Math.max(0, Math.min(1, v));
    return [clamp((e.clientX - r.left) / r.width), clamp((e.clientY - r.top) / r.height)];
  };
  const down = (e: PointerEvent) => {
    if (!editable) return;
    (e.target as Element).setPointerCapture?.(e.pointerId);
    const p = at(e);
    setCurrent({ kind: tool, color: DRAW_COLOR, points: [p, p] });
  };
  const move = (e: PointerEvent) => {
    if (!current) return;
    const p = at(e);
    setCurrent(
      current.kind === 'freehand'
        ? { ...current, points: [...current.points, p].slice(0, 2000) }
        : { ...current, points: [current.points[0], p] },
    );
  };
  const up = () => {
    if (!current) return;
    onChange?.([...shapes, current].slice(0, 50));
    setCurrent(null);
  };
  return (
    <svg
      ref={svg}
      role="img"
      aria-label={label}
      viewBox="0 0 1000 1000"
      preserveAspectRatio="none"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      style={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        cursor: editable ? 'crosshair' : 'default',
        pointerEvents: editable ? 'auto' : 'none',
        touchAction: 'none',
      }}
    >
      {shapes.map((s, i) => (
        <ShapeView key={i} shape={s} />
      ))}
      {current && <ShapeView shape={current} />}
    </svg>
  );
}
