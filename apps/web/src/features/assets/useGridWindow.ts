import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** The space between cards, in pixels. */
export const GRID_GAP = 12;
/** Rows kept in the DOM above and below the screen, so a fast wheel does not show holes. */
const OVERSCAN_ROWS = 2;

export interface GridWindow {
  /** cards per row and each card's width */
  cols: number;
  cardWidth: number;
  rowHeight: number;
  /** rows in the DOM: [first, last) */
  first: number;
  last: number;
  totalHeight: number;
}

/**
 * A virtual grid over the page's scrolling: from the container's width, the wished card width and the
 * number of cards, which rows are on screen. Only those rows are rendered; the container keeps the
 * height of them all. Rows have one height, so the window is arithmetic, not measured per card.
 */
export function useGridWindow(
  container: RefObject<HTMLElement | null>,
  count: number,
  cardSize: number,
  cardHeight: (width: number) => number,
): GridWindow {
  const [width, setWidth] = useState(0);
  const [range, setRange] = useState({ first: 0, last: 0 });
  const cols = Math.max(1, Math.floor((width + GRID_GAP) / (cardSize + GRID_GAP)));
  const cardWidth = width > 0 ? (width - GRID_GAP * (cols - 1)) / cols : cardSize;
  const rowHeight = Math.round(cardHeight(cardWidth)) + GRID_GAP;
  const rows = Math.ceil(count / cols);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    // the observer reports the first size too
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [container]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const top = element.getBoundingClientRect().top;
      const first = Math.max(0, Math.floor(-top / rowHeight) - OVERSCAN_ROWS);
      const last = Math.min(rows, Math.ceil((window.innerHeight - top) / rowHeight) + OVERSCAN_ROWS);
      setRange((r) => (r.first === first && r.last === last ? r : { first, last }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    // any scroller above the grid moves it: listen in the capture phase
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [container, rowHeight, rows]);

  return {
    cols,
    cardWidth,
    rowHeight,
    first: Math.min(range.first, rows),
    last: Math.min(range.last, rows),
    totalHeight: Math.max(0, rows * rowHeight - GRID_GAP),
  };
}
