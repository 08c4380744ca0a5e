import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { MarkerExportMenu } from '../shares/markers/MarkerExportMenu.tsx';
import { IconArrowLeft, IconDeviceMobile, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { DEFAULT_FRAME_RATE, SHELL_UI, UI, mediaFileUrl, type PlayerAsset } from '@rushes/shared';
import { ApprovalControl } from '../approvals/ApprovalControl.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { formatBytes, formatDuration } from '../projects/format.ts';
import { projectPath } from '../projects/paths.ts';
import { usePlayerAsset, usePlayerVersions } from './api.ts';
import { useAssetStatus } from './useAssetStatus.ts';
import { PlayerAssetError } from './PlayerAssetError.tsx';
import { iosPlayerPath } from './openInPlayer.ts';
import { MediaView } from './MediaView.tsx';
import { startTimeOf } from '../transcripts/transcriptLogic.ts';
import { CompareView } from '../shares/review/CompareView.tsx';
import { ImageReviewWorkspace } from '../shares/review/ImageReviewWorkspace.tsx';
import { ReviewWorkspace } from '../shares/review/ReviewWorkspace.tsx';
import { VersionBar } from '../shares/review/VersionBar.tsx';

/**
 * Which version the player shows: the one named by ?version=, else the newest when the
 * stack's root (the folder's row) was opened, else the opened file itself.
 */
function useShownVersion(id: string) {
  const [params, setParams] = useSearchParams();
  const versions = usePlayerVersions(id);
  const stack = versions.data?.versions ?? [];
  const asked = params.get('version');
  const shown =
    asked && stack.some((v) => v.ingest_db_id === asked)
      ? asked
      : stack.length > 1 && stack[0].ingest_db_id === id
        ? stack[stack.length - 1].ingest_db_id
        : id;
  const choose = (version: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('version', version);
        return next;
      },
      { replace: true },
    );
  return { pending: versions.isPending, stack, shown, choose };
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
  const version = useShownVersion(id);
  const query = usePlayerAsset(version.shown);
  const asset = query.data;
  const [compare, setCompare] = useState(false);
  const rootId = version.stack[0]?.ingest_db_id ?? id;
  const [params] = useSearchParams();
  // ?t= (ms): a transcript search hit opens the player at its moment
  const startMs = startTimeOf(params.get('t'));
  useAssetStatus(asset, id, rootId);

  if (version.pending || query.isPending) return <PageLoader />;
  if (query.isError || !asset) return <PlayerAssetError error={query.error} size="md" />;
  const canCompare = asset.file_type === 'video' && !asset.external_player_url && version.stack.length > 1;

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
          <MarkerExportMenu ingestDbId={asset.ingest_db_id} />
        </Group>
        {/* approval is the stack's: the list row and the requests are on its root (v1) */}
        <ApprovalControl ingestDbId={rootId} />
        {/* every stacked file shows its switcher, whatever plays it; compare needs two videos here */}
        <VersionBar
          versions={version.stack}
          current={asset.ingest_db_id}
          onSwitch={version.choose}
          compare={canCompare && compare}
          onCompare={canCompare ? () => setCompare((c) => !c) : undefined}
        />
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
        ) : (
          <>
            {canCompare && compare && (
              <CompareView
                urlOf={(v) => mediaFileUrl(v, 'play')}
                versions={version.stack}
                current={asset.ingest_db_id}
              />
            )}
            {(asset.file_type === 'video' || asset.file_type === 'audio') && asset.play_url ? (
              <ReviewWorkspace
                audio={asset.file_type === 'audio'}
                playUrl={asset.play_url}
                poster={asset.thumbnail}
                title={asset.title}
                frameRate={asset.frame_rate ?? DEFAULT_FRAME_RATE}
                source={{ kind: 'member', projectDbId: asset.project_db_id, ingestDbId: asset.ingest_db_id }}
                captions={{ kind: 'member', ingestDbId: asset.ingest_db_id }}
                startMs={startMs}
              />
            ) : asset.page_count ? (
              <ImageReviewWorkspace
                key={asset.ingest_db_id}
                pages={{
                  count: asset.page_count,
                  urlOf: (n) => mediaFileUrl(asset.ingest_db_id, 'page', undefined, n),
                  thumbUrlOf: (n) => mediaFileUrl(asset.ingest_db_id, 'page_thumb', undefined, n),
                }}
                title={asset.title}
                source={{ kind: 'member', projectDbId: asset.project_db_id, ingestDbId: asset.ingest_db_id }}
              />
            ) : asset.file_type === 'image' && asset.play_url ? (
              <ImageReviewWorkspace
                key={asset.ingest_db_id}
                src={asset.play_url}
                title={asset.title}
                source={{ kind: 'member', projectDbId: asset.project_db_id, ingestDbId: asset.ingest_db_id }}
              />
            ) : (
              <MediaView asset={asset} />
            )}
          </>
        )}
        <Facts asset={asset} />
      </Stack>
    </Container>
  );
}
