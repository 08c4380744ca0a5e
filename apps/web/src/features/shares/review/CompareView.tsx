import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { UI } from '@rushes/shared';

type Version = { ingest_db_id: string; version: number; title: string };

/**
 * Side-by-side compare of two versions: both play, pause and seek together (the right
 * one leads; the left follows its time).
 */
export function CompareView({
  urlOf,
  versions,
  current,
}: {
  /** the playable bytes of a version (the review link's, or the member player's) */
  urlOf: (ingestDbId: string) => string;
  versions: readonly Version[];
  current: string;
}) {
  const others = versions.filter((v) => v.ingest_db_id !== current);
  const [left, setLeft] = useState(others[others.length - 1]?.ingest_db_id ?? current);
  const a = useRef<HTMLVideoElement>(null);
  const b = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const lead = b.current;
    if (!lead) return;
    const follow = () => {
      if (a.current && Math.abs(a.current.currentTime - lead.currentTime) > 0.05)
        a.current.currentTime = lead.currentTime;
    };
    lead.addEventListener('seeked', follow);
    lead.addEventListener('pause', follow);
    return () => {
      lead.removeEventListener('seeked', follow);
      lead.removeEventListener('pause', follow);
    };
  }, [left, current]);
  const toggle = () => {
    const videos = [a.current, b.current];
    if (playing) for (const v of videos) v?.pause();
    else for (const v of videos) void v?.play();
    setPlaying(!playing);
  };
  const label = (id: string) => UI.versionLabel(versions.find((v) => v.ingest_db_id === id)?.version ?? 0);
  return (
    <Stack gap="xs" role="region" aria-label={UI.compareVersions}>
      <Group gap="xs">
        <Button
          size="xs"
          leftSection={playing ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
          onClick={toggle}
        >
          {playing ? UI.reviewActions.pause : UI.reviewActions.play}
        </Button>
        {others.length > 1 && (
          <SegmentedControl
            aria-label={UI.compareWith}
            size="xs"
            value={left}
            onChange={setLeft}
            data={others.map((v) => ({ value: v.ingest_db_id, label: UI.versionLabel(v.version) }))}
          />
        )}
      </Group>
      <SimpleGrid cols={2} spacing="xs">
        {[
          { ref: a, id: left },
          { ref: b, id: current },
        ].map(({ ref, id }) => (
          <Stack key={id} gap={4}>
            <Text size="sm" fw={600}>
              {label(id)}
            </Text>
            <video
              ref={ref}
              src={urlOf(id)}
              controls={ref === b}
              muted={ref === a}
              preload="auto"
              aria-label={label(id)}
              style={{ width: '100%', background: 'black', borderRadius: 8 }}
            />
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
