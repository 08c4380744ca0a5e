import { Box, UnstyledButton } from '@mantine/core';
import { useState, type MouseEvent } from 'react';
import { UI, type AssetComment } from '@rushes/shared';
import { DrawingLayer } from './DrawingLayer.tsx';
import { ReviewLayout, useReview } from './ReviewLayout.tsx';
import type { CommentsSource } from './useComments.ts';

type Point = { x: number; y: number };
/** A picture has one page (documents with pages can name theirs later). */
const PAGE = 1;

function Pin({
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
      onClick={(e) => {
        e.stopPropagation();
        onClick?.();
      }}
      style={{
        position: 'absolute',
        // the pin's pointed corner (bottom left) is on the point
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
        boxShadow: '0 1px 4px rgba(0,0,0,.5)',
        pointerEvents: onClick ? 'auto' : 'none',
      }}
    >
      {text}
    </UnstyledButton>
  );
}

/**
 * Review of a picture: a click on the picture pins the next comment to that point of the
 * page; each comment on a point shows as a numbered pin (click: select it, its drawing shows); the
 * drawing tools work over the picture as over a paused frame.
 */
export function ImageReviewWorkspace({
  src,
  title,
  source,
}: {
  src: string;
  title: string;
  source: CommentsSource;
}) {
  const review = useReview(source);
  const { comments, drawing, setDrawing, tool, draft, setDraft, selected, setSelected } = review;
  const [point, setPoint] = useState<Point | null>(null);
  const [ratio, setRatio] = useState(4 / 3);
  const pinned = comments.filter((c) => c.x !== null && c.y !== null);
  const shown = drawing ? draft : (selected?.drawing?.shapes ?? null);

  const pick = (e: MouseEvent<HTMLDivElement>) => {
    if (drawing) return;
    const r = e.currentTarget.getBoundingClientRect();
    const clamp = (v: number) => Math.max(0, Math.min(1, v));
    setSelected(null);
    setPoint({ x: clamp((e.clientX - r.left) / r.width), y: clamp((e.clientY - r.top) / r.height) });
  };
  const select = (c: AssetComment) => {
    setDrawing(false);
    setPoint(null);
    setSelected(c);
  };

  const media = (
    <Box
      onClick={pick}
      style={{
        position: 'relative',
        aspectRatio: String(ratio),
        width: `min(100%, calc(65vh * ${ratio}))`,
        background: 'black',
        borderRadius: 8,
        cursor: drawing ? 'crosshair' : 'copy',
      }}
    >
      <img
        src={src}
        alt={title}
        onLoad={(e) => {
          const img = e.currentTarget;
          if (img.naturalWidth && img.naturalHeight) setRatio(img.naturalWidth / img.naturalHeight);
        }}
        style={{ width: '100%', height: '100%', display: 'block', borderRadius: 8 }}
      />
      {shown && (
        <DrawingLayer
          label={UI.drawingOnFrame}
          shapes={shown}
          tool={tool}
          editable={drawing}
          onChange={setDraft}
        />
      )}
      {pinned.map((c, i) => (
        <Pin
          key={c._id}
          at={{ x: c.x!, y: c.y! }}
          text={String(i + 1)}
          label={UI.pinOf(i + 1, c.author.name)}
          active={selected?._id === c._id}
          onClick={() => select(c)}
        />
      ))}
      {point && <Pin at={point} text="+" label={UI.newPin} active />}
    </Box>
  );

  return (
    <ReviewLayout
      review={review}
      media={media}
      tools={{
        onToggle: () => {
          setSelected(null);
          setDrawing((d) => !d);
        },
      }}
      submitLabel={point ? UI.commentOnPoint : UI.commentButton}
      hint={point ? undefined : UI.clickToPin}
      onSeek={select}
      anchor={() => ({ page: PAGE, ...(point ? { x: point.x, y: point.y } : {}) })}
      onAdded={() => setPoint(null)}
    />
  );
}
