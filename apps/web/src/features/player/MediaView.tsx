import { Center, Image, Stack, Text } from '@mantine/core';
import { INGEST_STATUS, MSG, type PlayerAsset } from '@rushes/shared';

const frame = { width: '100%', maxHeight: '70vh', background: 'black', borderRadius: 8 } as const;

/**
 * The asset itself: an HTML media element on the range-served file URL, so the browser seeks with
 * HTTP range requests; images as an image. Nothing playable yet shows why.
 */
export function MediaView({ asset }: { asset: PlayerAsset }) {
  if (!asset.play_url) {
    const unavailable =
      asset.status === INGEST_STATUS.failed || asset.status === INGEST_STATUS.previewNotAvailable;
    return (
      <Center h={320} bg="gray.1" style={{ borderRadius: 8 }}>
        <Text c="dimmed" role="status">
          {unavailable ? MSG.previewNotAvailable : MSG.processingMedia}
        </Text>
      </Center>
    );
  }
  switch (asset.file_type) {
    case 'video':
      return (
        <video
          key={asset.play_url}
          src={asset.play_url}
          poster={asset.thumbnail ?? undefined}
          controls
          preload="metadata"
          aria-label={asset.title}
          style={frame}
        />
      );
    case 'audio':
      return (
        <Stack gap="sm" align="center" py="xl" bg="gray.1" style={{ borderRadius: 8 }}>
          <audio
            key={asset.play_url}
            src={asset.play_url}
            controls
            preload="metadata"
            aria-label={asset.title}
            style={{ width: '90%' }}
          />
        </Stack>
      );
    case 'image':
      return <Image src={asset.play_url} alt={asset.title} fit="contain" mah="70vh" bg="black" radius="md" />;
    default:
      return (
        <Center h={320} bg="gray.1" style={{ borderRadius: 8 }}>
          <Text c="dimmed" role="status">
            {MSG.previewNotAvailable}
          </Text>
        </Center>
      );
  }
}
