import { ActionIcon, Badge, Box, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { PDF_TEXT } from '@rushes/shared';

/** Keys typed into a field are the field's. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Page Up / Page Down turn the page (anywhere on the page but in a field). */
export function usePageKeys(page: number, count: number, go: (page: number) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      const to = e.key === 'PageDown' ? page + 1 : e.key === 'PageUp' ? page - 1 : null;
      if (to === null) return;
      e.preventDefault();
      if (to >= 1 && to <= count) go(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [page, count, go]);
}

/** Previous, 'Page n of N', next: under the page. */
export function PdfPagesNav({
  page,
  count,
  go,
}: {
  page: number;
  count: number;
  go: (page: number) => void;
}) {
  return (
    <Group gap="xs" justify="center" role="navigation" aria-label={PDF_TEXT.pages}>
      <ActionIcon
        variant="default"
        aria-label={PDF_TEXT.previousPage}
        title={PDF_TEXT.previousPage}
        disabled={page <= 1}
        onClick={() => go(page - 1)}
      >
        <IconChevronLeft size={16} />
      </ActionIcon>
      <Text size="sm" role="status" aria-live="polite" miw={110} ta="center">
        {PDF_TEXT.pageOf(page, count)}
      </Text>
      <ActionIcon
        variant="default"
        aria-label={PDF_TEXT.nextPage}
        title={PDF_TEXT.nextPage}
        disabled={page >= count}
        onClick={() => go(page + 1)}
      >
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}

/**
 * The document's pages as a column of small pictures beside the page shown (loaded as they scroll
 * into view), each with how many comments it has; the current page is outlined and kept in view.
 */
export function PdfPagesStrip({
  page,
  count,
  urlOf,
  comments,
  go,
}: {
  page: number;
  count: number;
  /** the page's small picture ('page_thumb'): the strip shows ~90 px wide */
  urlOf: (page: number) => string;
  /** comments per page */
  comments: ReadonlyMap<number, number>;
  go: (page: number) => void;
}) {
  const current = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    current.current?.scrollIntoView?.({ block: 'nearest' });
  }, [page]);
  return (
    <ScrollArea.Autosize mah="65vh" w={96} type="auto" visibleFrom="sm" style={{ flexShrink: 0 }}>
      <Stack gap={8} p={4} component="nav" aria-label={PDF_TEXT.pages}>
        {Array.from({ length: count }, (_, i) => i + 1).map((n) => {
          const notes = comments.get(n) ?? 0;
          return (
            <UnstyledButton
              key={n}
              ref={n === page ? current : undefined}
              aria-label={PDF_TEXT.goToPage(n)}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => go(n)}
              style={{ position: 'relative' }}
            >
              <Box
                style={{
                  border: `2px solid ${n === page ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-3)'}`,
                  borderRadius: 4,
                  overflow: 'hidden',
                  background: 'white',
                  minHeight: 60,
                }}
              >
                <img src={urlOf(n)} alt="" loading="lazy" style={{ width: '100%', display: 'block' }} />
              </Box>
              <Text size="xs" ta="center" c={n === page ? 'blue.7' : 'dimmed'} fw={n === page ? 700 : 400}>
                {n}
              </Text>
              {notes > 0 && (
                <Badge
                  size="xs"
                  circle
                  color="orange"
                  title={PDF_TEXT.pinCount(notes)}
                  style={{ position: 'absolute', top: 4, right: 4 }}
                >
                  {notes}
                </Badge>
              )}
            </UnstyledButton>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}
