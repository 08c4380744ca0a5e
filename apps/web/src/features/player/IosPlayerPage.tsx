import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconMaximize,
  IconPlayerPause,
  IconPlayerPlay,
  IconRewindBackward10,
  IconRewindForward10,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { UI, SHELL_UI } from '@rushes/shared';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { ApprovalControl } from '../approvals/ApprovalControl.tsx';
import { projectPath } from '../projects/paths.ts';
import { usePlayerAsset, usePlayerVersions } from './api.ts';
import { PlayerAssetError } from './PlayerAssetError.tsx';
import { MediaView } from './MediaView.tsx';
import { useAssetStatus } from './useAssetStatus.ts';

type IosVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/**
 * /ios-player/?id={ingest_db_id} (spec 002 §2): a player laid out for iPhone and iPad Safari. The video
 * plays inline (playsInline: iOS would otherwise force full screen), from the web-playable MP4 proxy,
 * and every control is a large tap target in view: nothing depends on hover. Full screen uses
 * Safari's own video full screen. The server checks access as for /player/{id}; the approval control
 * is the members' player's, with the same rights (the people asked decide, others see the status).
 */
export default function IosPlayerPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = usePlayerAsset(id);
  // the approval is the stack's, on its root (v1), as in the members' player
  const rootId = usePlayerVersions(id).data?.versions[0]?.ingest_db_id ?? id;
  useAssetStatus(query.data, id, rootId);
  const video = useRef<IosVideo>(null);
  const [playing, setPlaying] = useState(false);

  if (!id)
    return (
      <Container size="sm" py="xl">
        <Text role="status">{SHELL_UI.iosPlayerMissing}</Text>
      </Container>
    );
  if (query.isPending) return <PageLoader />;
  const asset = query.data;
  if (query.isError || !asset) return <PlayerAssetError error={query.error} size="sm" />;

  const src = asset.proxy_url ?? asset.play_url;
  const seek = (by: number) => {
    const v = video.current;
    if (v) v.currentTime = Math.max(0, Math.min(v.duration || Infinity, v.currentTime + by));
  };
  const toggle = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused) void v.play();
    else v.pause();
  };
  const fullScreen = () => {
    const v = video.current;
    if (!v) return;
    if (v.webkitEnterFullscreen) v.webkitEnterFullscreen();
    else void v.requestFullscreen?.();
  };

  return (
    <Container size="md" px="xs" py="sm">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <Button
            component={Link}
            to={projectPath(asset.project_db_id)}
            variant="subtle"
            size="md"
            leftSection={<IconArrowLeft size={20} />}
          >
            {SHELL_UI.iosPlayerBack}
          </Button>
          <Title order={1} size="h4" style={{ wordBreak: 'break-word', minWidth: 0 }}>
            {asset.title}
          </Title>
        </Group>
        {asset.file_type === 'video' && src ? (
          <>
            <video
              ref={video}
              src={src}
              poster={asset.thumbnail ?? undefined}
              playsInline
              controls
              preload="metadata"
              aria-label={asset.title}
              data-testid="ios-video"
              onPlay={() => setPlaying(true)}
              onPause={() => setPlaying(false)}
              style={{ width: '100%', maxHeight: '70vh', background: 'black', borderRadius: 8 }}
            />
            <Group grow gap="xs">
              <Button size="lg" variant="default" onClick={() => seek(-10)} aria-label={SHELL_UI.iosBack10}>
                <IconRewindBackward10 size={24} />
              </Button>
              <Button size="lg" onClick={toggle} aria-label={playing ? SHELL_UI.iosPause : UI.play}>
                {playing ? <IconPlayerPause size={24} /> : <IconPlayerPlay size={24} />}
              </Button>
              <Button size="lg" variant="default" onClick={() => seek(10)} aria-label={SHELL_UI.iosForward10}>
                <IconRewindForward10 size={24} />
              </Button>
              <Button size="lg" variant="default" onClick={fullScreen} aria-label={SHELL_UI.fullScreen}>
                <IconMaximize size={24} />
              </Button>
            </Group>
          </>
        ) : asset.file_type === 'video' ? (
          <MediaView asset={asset} />
        ) : (
          <Stack gap="sm">
            <MediaView asset={asset} />
            {asset.file_type !== 'image' && asset.file_type !== 'audio' && (
              <Text c="dimmed">{SHELL_UI.iosPlayerNoVideo}</Text>
            )}
          </Stack>
        )}
        {/* under the picture: on a phone the video comes first; who may decide is the server's answer */}
        <ApprovalControl ingestDbId={rootId} enabled={Boolean(id)} />
      </Stack>
    </Container>
  );
}
