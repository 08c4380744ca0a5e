import { ActionIcon, Box, Group, Tooltip } from '@mantine/core';
import {
  IconArrowBigLeftLines,
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerPlayFilled,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { frameAt, timeOfFrame, type AssetComment } from '@rushes/shared';
import { REVIEW_ACTIONS, reviewActionForKey, type PlayerCommands, type ReviewActionId } from './actions.ts';
import { PlayerControls, TimeDisplay } from './PlayerControls.tsx';
import { RangeBar } from './RangeBar.tsx';
import type { PlayerPrefs } from './usePlayerPrefs.ts';
import type { FrameRange } from './usePlayerTools.ts';

const ICONS: Record<ReviewActionId, ReactNode> = {
  back: <IconArrowBigLeftLines size={16} />,
  pause: <IconPlayerPause size={16} />,
  play: <IconPlayerPlay size={16} />,
  prevFrame: <IconChevronLeft size={16} />,
  nextFrame: <IconChevronRight size={16} />,
  toggle: <IconPlayerPlayFilled size={16} />,
};

/**
 * The media element's frame, paused state, duration, speed and volume, followed from its events.
 * It follows the element itself, not a ref to it: another version mounts another element, whose
 * events the display must follow from then on.
 */
export function usePlayback(el: HTMLMediaElement | null, frameRate: number) {
  const [state, setState] = useState({
    frame: 0,
    paused: true,
    duration: 0,
    ratio: 16 / 9,
    rate: 1,
    volume: 1,
    muted: false,
  });
  useEffect(() => {
    if (!el) return;
    const read = () => {
      const next = {
        frame: frameAt(el.currentTime, frameRate),
        paused: el.paused,
        duration: Number.isFinite(el.duration) ? el.duration : 0,
        ratio:
          el instanceof HTMLVideoElement && el.videoWidth && el.videoHeight
            ? el.videoWidth / el.videoHeight
            : 16 / 9,
        rate: el.playbackRate,
        volume: el.volume,
        muted: el.muted,
      };
      // the same values: no new state, so a paused or idle player renders nothing
      setState((prev) =>
        (Object.keys(next) as (keyof typeof next)[]).every((k) => prev[k] === next[k]) ? prev : next,
      );
    };
    const names = [
      'timeupdate',
      'seeked',
      'seeking',
      'play',
      'pause',
      'loadedmetadata',
      'durationchange',
      'ratechange',
      'volumechange',
      'emptied',
    ];
    for (const n of names) el.addEventListener(n, read);
    // while playing, the frame follows every painted frame (timeupdate comes 4 times a second)
    let raf = 0;
    const tick = () => {
      read();
      if (!el.paused) raf = requestAnimationFrame(tick);
    };
    const onPlay = () => {
      cancelAnimationFrame(raf);
      raf = requestAnimationFrame(tick);
    };
    el.addEventListener('play', onPlay);
    read();
    return () => {
      cancelAnimationFrame(raf);
      el.removeEventListener('play', onPlay);
      for (const n of names) el.removeEventListener(n, read);
    };
  }, [el, frameRate]);
  return state;
}

/**
 * The review keys (actions.ts: J/K/L, ←/→, space, I/O/X, M, F, ?), unless the user is typing or
 * on a control that takes arrows (the volume slider).
 */
export function useReviewKeys(
  video: RefObject<HTMLMediaElement | null>,
  frameRate: number,
  player?: PlayerCommands,
) {
  const commands = useRef(player);
  useEffect(() => {
    commands.current = player;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (target?.closest?.('[role="menu"]')) return;
      // the volume slider takes the arrows (and Home/End); the other keys still drive the player
      if (target?.closest?.('[role="slider"]') && /^(Arrow|Home|End|Page)/.test(e.key)) return;
      if (e.metaKey || e.ctrlKey || e.altKey) return;
      const action = reviewActionForKey(e.key);
      if (!action) return;
      e.preventDefault();
      action.run({ video: video.current, frameRate, player: commands.current });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [video, frameRate]);
}

/** Seeks to a frame and pauses there. */
export function seekToFrame(video: HTMLMediaElement | null, frame: number, frameRate: number) {
  if (!video) return;
  video.pause();
  video.currentTime = timeOfFrame(frame, frameRate);
}

/**
 * Under the picture: the review buttons (the same actions as the keys), the time display, the
 * player's tools (range, loop, speed, volume, keys, fullscreen) and the scrub bar with the comments.
 */
export function ReviewControls({
  video,
  frameRate,
  playback,
  comments,
  onMarker,
  prefs,
  onPrefs,
  range,
  loop,
  onLoop,
  player,
  fullscreen,
  audio,
  captions,
}: {
  video: HTMLMediaElement | null;
  frameRate: number;
  playback: ReturnType<typeof usePlayback>;
  comments: readonly AssetComment[];
  onMarker: (c: AssetComment) => void;
  prefs: PlayerPrefs;
  onPrefs: (change: Partial<PlayerPrefs>) => void;
  range: FrameRange | null;
  loop: boolean;
  onLoop: () => void;
  player: PlayerCommands;
  fullscreen: boolean;
  audio?: boolean;
  captions?: { on: boolean; onToggle: () => void };
}) {
  return (
    <Box>
      <Group justify="space-between" gap="xs">
        <Group gap={4}>
          {REVIEW_ACTIONS.map((a) => (
            <Tooltip key={a.id} label={a.label} withinPortal={false}>
              <ActionIcon variant="default" aria-label={a.label} onClick={() => a.run({ video, frameRate })}>
                {ICONS[a.id]}
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
        <TimeDisplay
          frame={playback.frame}
          frameRate={frameRate}
          duration={playback.duration}
          mode={prefs.timeMode}
          onMode={(timeMode) => onPrefs({ timeMode })}
        />
        <PlayerControls
          video={video}
          rate={playback.rate}
          volume={playback.volume}
          muted={playback.muted}
          hasRange={range !== null}
          onSetIn={player.setIn}
          onSetOut={player.setOut}
          onClearRange={player.clearRange}
          loop={loop}
          onLoop={onLoop}
          fullscreen={fullscreen}
          onFullscreen={player.toggleFullscreen}
          onHelp={player.toggleHelp}
          audio={audio}
          captions={captions}
        />
      </Group>
      <RangeBar
        video={video}
        frameRate={frameRate}
        frame={playback.frame}
        duration={playback.duration}
        comments={comments}
        range={range}
        onMarker={onMarker}
      />
    </Box>
  );
}
