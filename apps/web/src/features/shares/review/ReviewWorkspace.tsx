import { Box, Image, Stack } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PLAYER_TEXT, TRANSCRIPT_TEXT, UI, smpteTimecode, type AssetComment } from '@rushes/shared';
import { captionsUrl, type CaptionsSource } from '../../transcripts/api.ts';
import { ReviewTranscriptPanel, TranscriptPanel } from '../../transcripts/TranscriptPanel.tsx';
import { setMedia } from './actions.ts';
import { DrawingLayer } from './DrawingLayer.tsx';
import { KeyboardHelp } from './KeyboardHelp.tsx';
import { ReviewLayout, useReview } from './ReviewLayout.tsx';
import { ReviewControls, seekToFrame, usePlayback, useReviewKeys } from './ReviewPlayer.tsx';
import type { CommentsSource } from './useComments.ts';
import { usePlayerPrefs, useRememberedVolume } from './usePlayerPrefs.ts';
import { useFullscreen, useKeepPosition, useRange } from './usePlayerTools.ts';

/** Starts the media at `ms` once it knows its length (once per element and time asked). */
function useStartAt(el: HTMLMediaElement | null, ms: number | null) {
  useEffect(() => {
    if (!el || ms === null) return;
    const go = () => setMedia(el, { currentTime: ms / 1000 });
    if (el.readyState >= 1) go();
    else el.addEventListener('loadedmetadata', go, { once: true });
    return () => el.removeEventListener('loadedmetadata', go);
  }, [el, ms]);
}

/** Room under the picture for the controls when the player area is fullscreen. */
const FULLSCREEN_CONTROLS_PX = 120;

/**
 * The review workspace: the video through the ranged player, the drawing layer over the
 * paused frame, review buttons and keys, the player's tools (speed, volume, loop, in/out range,
 * fullscreen of the player area, keyboard map), the scrub bar with comment markers and range bars,
 * and the comments. A comment written while a range is set is a range comment.
 */
export function ReviewWorkspace({
  playUrl,
  poster,
  title,
  frameRate,
  source,
  audio = false,
  captions,
  startMs,
}: {
  playUrl: string;
  poster: string | null;
  title: string;
  frameRate: number;
  source: CommentsSource;
  /** an audio file: the player without a picture to draw on (its waveform shows, if any) */
  audio?: boolean;
  /** where the file's captions come from (the CC toggle) and the transcript tab's source */
  captions?: CaptionsSource;
  /** where playing starts, ms (the player's ?t=, a search hit's moment) */
  startMs?: number | null;
}) {
  const video = useRef<HTMLMediaElement | null>(null);
  // the element itself too: another version mounts another one (key={playUrl}) to follow
  const [el, setEl] = useState<HTMLMediaElement | null>(null);
  const mediaRef = useCallback((node: HTMLMediaElement | null) => {
    video.current = node;
    setEl(node);
  }, []);
  const playback = usePlayback(el, frameRate);
  useKeepPosition(el, playUrl);
  const [prefs, setPrefs] = usePlayerPrefs();
  useRememberedVolume(el, prefs, setPrefs);
  const [area, setArea] = useState<HTMLDivElement | null>(null);
  const fullscreen = useFullscreen(area);
  const ranged = useRange(el, frameRate, playback.duration);
  const [help, setHelp] = useState(false);
  const [cc, setCc] = useState(false);
  const track = useRef<HTMLTrackElement | null>(null);
  // a track added after the media loaded does not show by itself
  useEffect(() => {
    if (cc && track.current) track.current.track.mode = 'showing';
  }, [cc, el]);
  useStartAt(el, startMs ?? null);
  const hasCaptions = Boolean(captions) && !audio;
  const player = {
    setIn: ranged.setIn,
    setOut: ranged.setOut,
    clearRange: ranged.clear,
    toggleFullscreen: audio ? () => undefined : fullscreen.toggle,
    toggleHelp: () => setHelp((h) => !h),
    toggleCaptions: hasCaptions ? () => setCc((c) => !c) : undefined,
  };
  useReviewKeys(video, frameRate, player);
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
  const { range } = ranged;
  const submitLabel = range
    ? PLAYER_TEXT.commentOnRange(smpteTimecode(range.in, frameRate), smpteTimecode(range.out, frameRate))
    : UI.commentAt(smpteTimecode(playback.frame, frameRate));
  const full = fullscreen.on;

  const media = audio ? (
    <Stack gap="xs" p="sm" bg="gray.1" style={{ borderRadius: 8 }}>
      {poster && <Image src={poster} alt="" h={120} fit="contain" />}
      <audio
        ref={mediaRef as (node: HTMLAudioElement | null) => void}
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
        width: full
          ? `min(100%, calc((100vh - ${FULLSCREEN_CONTROLS_PX}px) * ${playback.ratio}))`
          : `min(100%, calc(65vh * ${playback.ratio}))`,
        margin: full ? '0 auto' : undefined,
        background: 'black',
        borderRadius: 8,
      }}
    >
      <video
        ref={mediaRef as (node: HTMLVideoElement | null) => void}
        key={playUrl}
        src={playUrl}
        poster={poster ?? undefined}
        preload="auto"
        aria-label={title}
        onClick={() => (video.current?.paused ? void video.current.play() : video.current?.pause())}
        style={{ width: '100%', height: '100%', display: 'block', borderRadius: 8 }}
      >
        {cc && captions && (
          <track
            ref={track}
            kind="captions"
            src={captionsUrl(captions, 'vtt')}
            srcLang="und"
            label={TRANSCRIPT_TEXT.captions}
            default
          />
        )}
      </video>
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

  const controls = (
    <ReviewControls
      video={el}
      frameRate={frameRate}
      playback={playback}
      comments={comments}
      onMarker={seek}
      prefs={prefs}
      onPrefs={setPrefs}
      range={range}
      loop={ranged.loop}
      onLoop={() => ranged.setLoop((l) => !l)}
      player={player}
      fullscreen={full}
      audio={audio}
      captions={hasCaptions ? { on: cc, onToggle: () => setCc((c) => !c) } : undefined}
    />
  );

  return (
    <ReviewLayout
      review={review}
      media={
        <Box
          ref={setArea}
          p={full ? 'md' : 0}
          bg={full ? 'var(--mantine-color-body)' : undefined}
          style={{ display: 'flex', flexDirection: 'column', gap: 8, justifyContent: 'center' }}
        >
          {media}
          {controls}
          <KeyboardHelp opened={help} onClose={() => setHelp(false)} target={full ? area : null} />
        </Box>
      }
      tools={{ disabled: !playback.paused, hidden: audio, onToggle: () => setDrawing((d) => !d) }}
      submitLabel={submitLabel}
      onSeek={seek}
      anchor={() =>
        range
          ? { frame: range.in, frame_out: range.out, frame_rate: frameRate }
          : { frame: playback.frame, frame_rate: frameRate }
      }
      onAdded={ranged.clear}
      transcript={
        source.kind === 'member' ? (
          <TranscriptPanel el={el} ingestDbId={source.ingestDbId} projectDbId={source.projectDbId} />
        ) : captions?.kind === 'link' ? (
          <ReviewTranscriptPanel el={el} token={captions.token} ingestDbId={captions.ingestDbId} />
        ) : undefined
      }
      transcriptFirst={startMs != null}
    />
  );
}
