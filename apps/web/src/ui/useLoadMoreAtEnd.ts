import { useEffect, useRef, type RefObject } from 'react';

/** The parts of a TanStack infinite query this hook needs. */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Loads the next page when the end of an infinite list comes into view: put the returned ref on an
 * empty element after the last item. `root` is the scroll box (the viewport when absent);
 * `rootMargin` starts loading that far before the end is reached.
 */
export function useLoadMoreAtEnd(
  { hasNextPage, isFetchingNextPage, fetchNextPage }: NextPages,
  { root, rootMargin }: { root?: RefObject<HTMLElement | null>; rootMargin?: string } = {},
) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: root?.current ?? null, rootMargin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, root, rootMargin]);
  return end;
}
