import { ActionIcon, Box, Group, Loader } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

interface CarouselProps {
  /** Accessible name of the strip and its buttons ('My Tasks'). */
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** Width of one slide. */
  slideWidth?: number;
  /** More slides exist after the last one: reaching the end calls onReachEnd. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onReachEnd?: () => void;
  children: ReactNode;
}

/**
 * A horizontal strip of cards with previous/next buttons (spec 002 §2 "carousels of task cards").
 * Native scroll with snap points, so touch, trackpad and keyboard all work; the buttons scroll by
 * the visible width. The end of the strip asks for the next page.
 */
export function Carousel({
  label,
  previousLabel,
  nextLabel,
  slideWidth = 260,
  hasMore = false,
  loadingMore = false,
  onReachEnd,
  children,
}: CarouselProps) {
  const strip = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    setEdges({
      start: el.scrollLeft <= 1,
      end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1,
    });
  }, []);

  // A new observer (new children) reports the strip's size once it is laid out, so the edges are
  // measured then, without forcing a layout of the page from this effect.
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, children]);

  useEffect(() => {
    const target = end.current;
    if (!target || !hasMore || !onReachEnd) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !loadingMore) onReachEnd();
      },
      { root: strip.current, rootMargin: '0px 200px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onReachEnd]);

  const scrollBy = (direction: 1 | -1) => {
    const el = strip.current;
    if (el) el.scrollBy({ left: direction * Math.max(slideWidth, el.clientWidth - 40), behavior: 'smooth' });
  };

  return (
    <Group gap={4} wrap="nowrap" align="center">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={previousLabel}
        disabled={edges.start}
        onClick={() => scrollBy(-1)}
      >
        <IconChevronLeft size={18} />
      </ActionIcon>
      <Box
        ref={strip}
        role="list"
        aria-label={label}
        onScroll={measure}
        style={{
          display: 'grid',
          gridAutoFlow: 'column',
          gridAutoColumns: slideWidth,
          gap: 'var(--mantine-spacing-sm)',
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          scrollbarWidth: 'thin',
          flex: 1,
          minWidth: 0,
          paddingBottom: 4,
        }}
      >
        {children}
        <div ref={end} aria-hidden style={{ width: 1 }}>
          {loadingMore && <Loader size="xs" />}
        </div>
      </Box>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={nextLabel}
        disabled={edges.end && !hasMore}
        onClick={() => scrollBy(1)}
      >
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  );
}

/** One slide of the Carousel (a list item that snaps to the start). */
export function CarouselSlide({ children }: { children: ReactNode }) {
  return (
    <Box role="listitem" style={{ scrollSnapAlign: 'start', minWidth: 0 }}>
      {children}
    </Box>
  );
}
