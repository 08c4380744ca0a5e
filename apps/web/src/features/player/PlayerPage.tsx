import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDeviceMobile, IconExternalLink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { DEFAULT_FRAME_RATE, MSG, UI, type PlayerAsset, SHELL_UI } from '@rushes/shared';
import { ApiError } from '../../api/client.ts';
import { connectSocket } from '../../api/socket.ts';
import { PATHS } from '../../app/paths.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { formatBytes, formatDuration } from '../projects/format.ts';
import { projectPath } from '../projects/paths.ts';
import { playerKeys, usePlayerAsset } from './api.ts';
import { iosPlayerPath } from './openInPlayer.ts';
import { MediaView } from './MediaView.tsx';
import { ReviewWorkspace } from '../shares/review/ReviewWorkspace.tsx';

/** While the asset is processing, its status events (project room) refresh what the player shows. */
function useAssetStatus(asset: PlayerAsset | undefined) {
  const queryClient = useQueryClient();
  const projectDbId = asset?.project_db_id;
  const ingestDbId = asset?.ingest_db_id;
  useEffect(() => {
    if (!projectDbId || !ingestDbId) return;
    const socket = connectSocket(queryClient);
    const room = `project:${projectDbId}`;
    const join = () => socket.emit('join', room, () => undefined);
    if (socket.connected) join();
    const onStatus = (event: { ingest_db_id: string }) => {
      if (event.ingest_db_id === ingestDbId)
        void queryClient.invalidateQueries({ queryKey: playerKeys.asset(ingestDbId) });
    };
    socket.on('connect', join);
    socket.on('asset_status', onStatus);
    return () => {
      socket.off('connect', join);
      socket.off('asset_status', onStatus);
      socket.emit('leave', room);
    };
  }, [projectDbId, ingestDbId, queryClient]);
}

/** File info of spec 000 §3 that the player knows: format, codec, resolution, duration, size. */
function Facts({ asset }: { asset: PlayerAsset }) {
  const facts: [string, string][] = [];
  if (asset.format) facts.push([UI.format, asset.format]);
  if (asset.codec) facts.push([UI.codec, asset.codec]);
  if (asset.width && asset.height) facts.push([UI.resolution, `${asset.width}×${asset.height}`]);
  if (asset.duration != null) facts.push([UI.duration, formatDuration(asset.duration)]);
  facts.push([UI.fileSize, formatBytes(asset.file_size)]);
  return (
    <Group gap="lg" role="group" aria-label={UI.fileInfo}>
      {facts.map(([label, value]) => (
        <Text key={label} size="sm">
          <Text span c="dimmed" size="sm">
            {label}
          </Text>{' '}
          <Text span fw={500} size="sm">
            {value}
          </Text>
        </Text>
      ))}
    </Group>
  );
}

/**
 * The in-product player, /player/{id} (spec 002 §2): video, audio and images with seeking. The
 * server answers only to those allowed to see the asset; anyone else sees its error. With an
 * external player configured, the page links there instead (it opens in a new tab).
 */
export default function PlayerPage() {
  const { id = '' } = useParams();
  const query = usePlayerAsset(id);
  const asset = query.data;
  useAssetStatus(asset);

  if (query.isPending) return <PageLoader />;
  if (query.isError || !asset)
    return (
      <Container size="md" py="xl">
        <Stack align="flex-start" gap="sm">
          <Text role="alert">
            {query.error instanceof ApiError ? query.error.message : MSG.somethingWentWrong}
          </Text>
          <Button component={Link} to={PATHS.home} variant="default">
            {UI.home}
          </Button>
        </Stack>
      </Container>
    );

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Button
              component={Link}
              to={projectPath(asset.project_db_id)}
              variant="subtle"
              leftSection={<IconArrowLeft size={16} />}
            >
              {UI.playerBack}
            </Button>
            <Title order={1} size="h3" style={{ wordBreak: 'break-word' }}>
              {asset.title}
            </Title>
          </Group>
          {asset.file_type === 'video' && asset.play_url && (
            <Button
              component={Link}
              to={iosPlayerPath(asset.ingest_db_id)}
              variant="default"
              size="xs"
              leftSection={<IconDeviceMobile size={16} />}
            >
              {SHELL_UI.iosPlayerOpen}
            </Button>
          )}
        </Group>
        {asset.external_player_url ? (
          <Stack gap="xs" align="flex-start">
            <Text>{UI.externalPlayerOpened}</Text>
            <Anchor href={asset.external_player_url} target="_blank" rel="noopener noreferrer">
              <Group gap={4}>
                <IconExternalLink size={16} />
                {UI.openExternalPlayer}
              </Group>
            </Anchor>
          </Stack>
        ) : asset.file_type === 'video' && asset.play_url ? (
          <ReviewWorkspace
            playUrl={asset.play_url}
            poster={asset.thumbnail}
            title={asset.title}
            frameRate={asset.frame_rate ?? DEFAULT_FRAME_RATE}
            source={{ kind: 'member', projectDbId: asset.project_db_id, ingestDbId: asset.ingest_db_id }}
          />
        ) : (
          <MediaView asset={asset} />
        )}
        <Facts asset={asset} />
      </Stack>
    </Container>
  );
}
