import { Box, SimpleGrid } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { UI, type TrayName } from '@rushes/shared';
import { ListStatus, NextPageLoader } from '../../ui/ListStatus.tsx';
import { TrayFrame } from '../../ui/TrayFrame.tsx';
import { useLoadMoreAtEnd } from '../../ui/useLoadMoreAtEnd.ts';
import { useTray } from './api.ts';
import { ProjectCardView } from './ProjectCardView.tsx';

interface ProjectTrayProps {
  tray: TrayName;
  title: string;
  teamDbId: string | null;
  action?: ReactNode;
}

/**
 * A project tray of the home page (spec 002 §2): cards in a capped scroll box; reaching its end
 * loads the next page (HOME_TRAY_PAGE_SIZE per page, keyset). Realtime events edit the cache.
 */
export function ProjectTray({ tray, title, teamDbId, action }: ProjectTrayProps) {
  const query = useTray(tray, teamDbId);
  const box = useRef<HTMLDivElement>(null);
  const end = useLoadMoreAtEnd(query, { root: box, rootMargin: '120px' });
  const cards = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages[0]?.total_entries ?? 0;

  return (
    <TrayFrame title={title} total={total} action={action}>
      <Box ref={box} mah="30rem" style={{ overflowY: 'auto' }}>
        <ListStatus query={query} empty={cards.length === 0} emptyText={UI.noProjects} reserve={36} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {cards.map((project) => (
            <ProjectCardView key={project.project_db_id} project={project} />
          ))}
        </SimpleGrid>
        <div ref={end} />
        <NextPageLoader loading={query.isFetchingNextPage} />
      </Box>
    </TrayFrame>
  );
}
