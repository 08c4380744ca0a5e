import { Box, Button, Grid, Group, Image, SegmentedControl, Stack } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useRef, useState, type RefObject } from 'react';
import { UI, smpteTimecode, type AssetComment, type Drawing } from '@rushes/shared';
import { showApiError } from '../../../app/apiErrors.ts';
import { CommentsPanel } from './CommentsPanel.tsx';
import { DrawingLayer, type Tool } from './DrawingLayer.tsx';
import { ReviewControls, seekToFrame, usePlayback, useReviewKeys } from './ReviewPlayer.tsx';
import { useComments, type CommentsSource } from './useComments.ts';

/**
 * The review workspace (issue 16): the video through the ranged player, the drawing layer over the
 * paused frame, review buttons and keys, the timeline with comment markers, and the comments.
 */
export function ReviewWorkspace({
  playUrl,
  poster,
  title,
  frameRate,
  source,
  audio = false,
}: {
  playUrl: string;
  poster: string | null;
  title: string;
  frameRate: number;
  source: CommentsSource;
  /** an audio file: the player without a picture to draw on (its waveform shows, if any) */
  audio?: boolean;
}) {
  const video = useRef<HTMLMediaElement>(null);
  const playback = usePlayback(video, frameRate);
  useReviewKeys(video, frameRate);
  const { query, post, resolve } = useComments(source);
  const comments = query.data?.data ?? [];
  const [drawing, setDrawing] = useState(false);
  const [tool, setTool] = useState<Tool>('freehand');
  const [draft, setDraft] = useState<Drawing['shapes']>([]);
  const [selected, setSelected] = useState<AssetComment | null>(null);
  const guest = source.kind === 'link' && source.guest;

  // a selected comment's drawing shows while paused on its frame
  const shown =
    drawing || !playback.paused
      ? null
      : selected && selected.frame === playback.frame && selected.drawing
        ? selected.drawing.shapes
        : null;
  const seek = (c: AssetComment) => {
    setSelected(c);
    setDrawing(false);
    if (c.frame !== null) seekToFrame(video.current, c.frame, c.frame_rate ?? frameRate);
  };
  const timecode = smpteTimecode(playback.frame, frameRate);

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="xs">
          {audio ? (
            <Stack gap="xs" p="sm" bg="gray.1" style={{ borderRadius: 8 }}>
              {poster && <Image src={poster} alt="" h={120} fit="contain" />}
              <audio
                ref={video as RefObject<HTMLAudioElement | null>}
                key={playUrl}
                src={playUrl}
                controls
                preload="auto"
                aria-label={title}
                style={{ width: '100%' }}
              />
            </Stack>
          ) : (
            <Box
              style={{
                position: 'relative',
                aspectRatio: String(playback.ratio),
                width: `min(100%, calc(65vh * ${playback.ratio}))`,
                background: 'black',
                borderRadius: 8,
              }}
            >
              <video
                ref={video as RefObject<HTMLVideoElement | null>}
                key={playUrl}
                src={playUrl}
                poster={poster ?? undefined}
                preload="auto"
                aria-label={title}
                onClick={() => (video.current?.paused ? void video.current.play() : video.current?.pause())}
                style={{ width: '100%', height: '100%', display: 'block', borderRadius: 8 }}
              />
              {(drawing || shown) && (
                <DrawingLayer
                  label={UI.drawingOnFrame}
                  shapes={drawing ? draft : (shown ?? [])}
                  tool={tool}
                  editable={drawing}
                  onChange={setDraft}
                />
              )}
            </Box>
          )}
          <ReviewControls
            video={video}
            frameRate={frameRate}
            frame={playback.frame}
            duration={playback.duration}
            comments={comments}
            onMarker={seek}
          />
          <Group gap="xs" display={audio ? 'none' : undefined}>
            <Button
              size="xs"
              variant={drawing ? 'filled' : 'default'}
              leftSection={<IconPencil size={14} />}
              disabled={!playback.paused}
              onClick={() => setDrawing((d) => !d)}
            >
              {UI.draw}
            </Button>
            {drawing && (
              <>
                <SegmentedControl
                  size="xs"
                  value={tool}
                  onChange={(v) => setTool(v as Tool)}
                  data={(['freehand', 'arrow', 'rect'] as const).map((t) => ({
                    value: t,
                    label: UI.drawTools[t],
                  }))}
                />
                <Button size="xs" variant="subtle" onClick={() => setDraft([])}>
                  {UI.clearDrawing}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <CommentsPanel
          comments={comments}
          total={query.data?.total_entries ?? 0}
          submitLabel={UI.commentAt(timecode)}
          guest={guest}
          drawingCount={draft.length}
          selectedId={selected?._id ?? null}
          onSeek={seek}
          onResolve={resolve}
          onReply={(c, text, guestName) =>
            post({ text, comment_id: c._id, ...(guestName ? { guest_name: guestName } : {}) }).catch(
              showApiError,
            )
          }
          onAdd={(text, guestName) =>
            post({
              text,
              frame: playback.frame,
              frame_rate: frameRate,
              ...(draft.length ? { drawing: { shapes: draft } } : {}),
              ...(guestName ? { guest_name: guestName } : {}),
            })
              .then(() => {
                setDraft([]);
                setDrawing(false);
              })
              .catch(showApiError)
          }
        />
      </Grid.Col>
    </Grid>
  );
}
