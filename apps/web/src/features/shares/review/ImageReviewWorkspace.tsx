import { Box, Group } from '@mantine/core';
import { useCallback, useMemo, useRef, useState, type PointerEvent } from 'react';
import { PDF_TEXT, UI, type AssetComment } from '@rushes/shared';
import { DrawingLayer } from './DrawingLayer.tsx';
import { DRAG_THRESHOLD_PX, Pin, cornerOf, pinOf, regionShape, type Point } from './PdfPagesPins.tsx';
import { PdfPagesNav, PdfPagesStrip, usePageKeys } from './PdfPagesStrip.tsx';
import { ReviewLayout, useReview } from './ReviewLayout.tsx';
import type { CommentsSource } from './useComments.ts';

/** A document's rendered pages: how many, the address of page n (from 1) and of its small picture. */
export interface DocumentPages {
  count: number;
  urlOf: (page: number) => string;
  /** the page strip's picture of page n (the pipeline's 'page_thumb', not the 1600 px page) */
  thumbUrlOf: (page: number) => string;
}

const clamp = (v: number) => Math.max(0, Math.min(1, v));

/**
 * Review of a picture or of a document's pages: a click on the page pins the next comment to that
 * point, a drag marks a region (a rectangle, its pin at the corner); each placed comment shows as a
 * pin numbered as in the list, on its page. Clicking a pin or a comment selects it (its page turns,
 * its pin is highlighted, its drawing shows). The drawing tools work over the page as over a paused
 * frame. A document shows its pages in a strip beside the page, turned with Page Up / Page Down.
 */
export function ImageReviewWorkspace({
  src,
  pages,
  title,
  source,
}: {
  /** a picture; or `pages` of a document */
  src?: string;
  pages?: DocumentPages;
  title: string;
  source: CommentsSource;
}) {
  const review = useReview(source);
  const { comments, drawing, setDrawing, tool, draft, setDraft, selected, setSelected } = review;
  const [page, setPage] = useState(1);
  const [point, setPoint] = useState<Point | null>(null);
  const [dragging, setDragging] = useState<{ from: Point; to: Point; px: [number, number] } | null>(null);
  const [ratios, setRatios] = useState<Record<string, number>>({});
  const box = useRef<HTMLDivElement>(null);
  const shownSrc = pages ? pages.urlOf(page) : (src ?? '');
  const ratio = ratios[shownSrc] ?? (pages ? 1 / Math.SQRT2 : 4 / 3);

  // Pins are numbered in the list's order, whatever their page.
  const placed = useMemo(
    () =>
      comments
        .map((c) => ({ c, at: pinOf(c) }))
        .filter((p): p is { c: AssetComment; at: Point } => p.at !== null)
        .map((p, i) => ({ ...p, n: i + 1, page: p.c.page ?? 1 })),
    [comments],
  );
  const perPage = useMemo(() => {
    const m = new Map<number, number>();
    for (const p of placed) m.set(p.page, (m.get(p.page) ?? 0) + 1);
    return m;
  }, [placed]);
  const region = !drawing && draft.length > 0;
  const shown =
    drawing || region ? draft : selected && (selected.page ?? 1) === page ? selected.drawing?.shapes : null;

  const go = useCallback(
    (to: number) => {
      setPage(to);
      setPoint(null);
      setDraft([]);
      setDrawing(false);
    },
    [setDraft, setDrawing],
  );
  usePageKeys(page, pages?.count ?? 1, go);

  const at = (e: PointerEvent): Point => {
    const r = box.current!.getBoundingClientRect();
    return { x: clamp((e.clientX - r.left) / r.width), y: clamp((e.clientY - r.top) / r.height) };
  };
  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (drawing || e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const p = at(e);
    setDragging({ from: p, to: p, px: [e.clientX, e.clientY] });
  };
  const move = (e: PointerEvent) => {
    if (dragging) setDragging({ ...dragging, to: at(e) });
  };
  const up = (e: PointerEvent) => {
    if (!dragging) return;
    const far = Math.hypot(e.clientX - dragging.px[0], e.clientY - dragging.px[1]) > DRAG_THRESHOLD_PX;
    const to = at(e);
    setDragging(null);
    setSelected(null);
    if (far) {
      const shape = regionShape(dragging.from, to);
      setDraft([shape]);
      setPoint(cornerOf([shape]));
    } else {
      setDraft([]);
      setPoint(to);
    }
  };
  const select = (c: AssetComment) => {
    setDrawing(false);
    setDraft([]);
    setPoint(null);
    setPage(c.page ?? 1);
    setSelected(c);
  };
  const preview = dragging ? [regionShape(dragging.from, dragging.to)] : null;

  const picture = (
    <Box
      ref={box}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => setDragging(null)}
      data-testid="review-picture"
      style={{
        position: 'relative',
        aspectRatio: String(ratio),
        width: `min(100%, calc(65vh * ${ratio}))`,
        margin: '0 auto',
        background: pages ? 'white' : 'black',
        borderRadius: 8,
        cursor: drawing ? 'crosshair' : 'copy',
        touchAction: 'none',
        userSelect: 'none',
        boxShadow: pages ? '0 1px 6px rgba(0,0,0,.25)' : undefined,
      }}
    >
      <img
        key={shownSrc}
        src={shownSrc}
        alt={pages ? PDF_TEXT.pageImage(title, page) : title}
        draggable={false}
        onLoad={(e) => {
          const img = e.currentTarget;
          if (img.naturalWidth && img.naturalHeight)
            setRatios((r) => ({ ...r, [shownSrc]: img.naturalWidth / img.naturalHeight }));
        }}
        style={{ width: '100%', height: '100%', display: 'block', borderRadius: 8 }}
      />
      {(shown || preview) && (
        <DrawingLayer
          label={UI.drawingOnFrame}
          shapes={preview ?? shown ?? []}
          tool={tool}
          editable={drawing}
          onChange={setDraft}
        />
      )}
      {placed
        .filter((p) => p.page === page)
        .map((p) => (
          <Pin
            key={p.c._id}
            at={p.at}
            text={String(p.n)}
            label={UI.pinOf(p.n, p.c.author.name)}
            active={selected?._id === p.c._id}
            onClick={() => select(p.c)}
          />
        ))}
      {point && <Pin at={point} text="+" label={UI.newPin} active />}
    </Box>
  );

  const media = pages ? (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <PdfPagesStrip page={page} count={pages.count} urlOf={pages.thumbUrlOf} comments={perPage} go={go} />
      <Box style={{ flex: 1, minWidth: 0 }}>{picture}</Box>
    </Group>
  ) : (
    picture
  );

  return (
    <ReviewLayout
      review={review}
      media={media}
      below={pages ? <PdfPagesNav page={page} count={pages.count} go={go} /> : undefined}
      tools={{
        onToggle: () => {
          setSelected(null);
          setDraft([]);
          setDrawing((d) => !d);
        },
      }}
      submitLabel={region ? PDF_TEXT.commentOnRegion : point ? UI.commentOnPoint : UI.commentButton}
      hint={point ? undefined : UI.clickToPin}
      onSeek={select}
      anchor={() => {
        const pin = point ?? cornerOf(draft);
        return { page, ...(pin ? { x: pin.x, y: pin.y } : {}) };
      }}
      onAdded={() => setPoint(null)}
    />
  );
}
