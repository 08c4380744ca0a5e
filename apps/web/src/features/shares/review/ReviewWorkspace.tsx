import { Box, Image, Stack } from '@mantine/core';
import { useRef, type RefObject } from 'react';
import { UI, smpteTimecode, type AssetComment } from '@rushes/shared';
import { DrawingLayer } from './DrawingLayer.tsx';
import { ReviewLayout, useReview } from './ReviewLayout.tsx';
import { ReviewControls, seekToFrame, usePlayback, useReviewKeys } from './ReviewPlayer.tsx';
import type { CommentsSource } from './useComments.ts';

/**
 * The review workspace: the video through the ranged player, the drawing layer over the
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
  const review = useReview(source);
  const { comments, drawing, setDrawing, tool, draft, setDraft, selected, setSelected } = review;

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

  const media = audio ? (
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
  );

  return (
    <ReviewLayout
      review={review}
      media={media}
      below={
        <ReviewControls
          video={video}
          frameRate={frameRate}
          frame={playback.frame}
          duration={playback.duration}
          comments={comments}
          onMarker={seek}
        />
      }
      tools={{ disabled: !playback.paused, hidden: audio, onToggle: () => setDrawing((d) => !d) }}
      submitLabel={UI.commentAt(timecode)}
      onSeek={seek}
      anchor={() => ({ frame: playback.frame, frame_rate: frameRate })}
    />
  );
}
