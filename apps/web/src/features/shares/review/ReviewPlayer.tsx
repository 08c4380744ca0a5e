import { ActionIcon, Box, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconArrowBigLeftLines,
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerPlayFilled,
} from '@tabler/icons-react';
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { UI, frameAt, smpteTimecode, timeOfFrame, type AssetComment } from '@rushes/shared';
import { REVIEW_ACTIONS, reviewActionForKey, type ReviewActionId } from './actions.ts';

const ICONS: Record<ReviewActionId, ReactNode> = {
  back: <IconArrowBigLeftLines size={16} />,
  pause: <IconPlayerPause size={16} />,
  play: <IconPlayerPlay size={16} />,
  prevFrame: <IconChevronLeft size={16} />,
  nextFrame: <IconChevronRight size={16} />,
  toggle: <IconPlayerPlayFilled size={16} />,
};

/** The video's frame, paused state and duration, followed from its events. */
export function usePlayback(video: RefObject<HTMLMediaElement | null>, frameRate: number) {
  const [state, setState] = useState({ frame: 0, paused: true, duration: 0, ratio: 16 / 9 });
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    const read = () =>
      setState({
        frame: frameAt(v.currentTime, frameRate),
        paused: v.paused,
        duration: Number.isFinite(v.duration) ? v.duration : 0,
        ratio:
          v instanceof HTMLVideoElement && v.videoWidth && v.videoHeight
            ? v.videoWidth / v.videoHeight
            : 16 / 9,
      });
    const names = ['timeupdate', 'seeked', 'play', 'pause', 'loadedmetadata', 'durationchange'];
    for (const n of names) v.addEventListener(n, read);
    read();
    return () => {
      for (const n of names) v.removeEventListener(n, read);
    };
  }, [video, frameRate]);
  return state;
}

/** Keys J/K/L, ←/→ and space run the review actions, unless the user is typing. */
export function useReviewKeys(video: RefObject<HTMLMediaElement | null>, frameRate: number) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (e.metaKey || e.ctrlKey || e.altKey) return;
      const action = reviewActionForKey(e.key);
      if (!action) return;
      e.preventDefault();
      action.run({ video: video.current, frameRate });
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
 * Under the picture: the review buttons (the same actions as the keys), the SMPTE timecode of the
 * current frame, and the timeline with a marker per comment (click: seek to its frame).
 */
export function ReviewControls({
  video,
  frameRate,
  frame,
  duration,
  comments,
  onMarker,
}: {
  video: RefObject<HTMLMediaElement | null>;
  frameRate: number;
  frame: number;
  duration: number;
  comments: readonly AssetComment[];
  onMarker: (c: AssetComment) => void;
}) {
  const anchored = comments.filter((c) => c.frame !== null);
  return (
    <Box>
      <Group justify="space-between" gap="xs">
        <Group gap={4}>
          {REVIEW_ACTIONS.map((a) => (
            <Tooltip key={a.id} label={a.label}>
              <ActionIcon
                variant="default"
                aria-label={a.label}
                onClick={() => a.run({ video: video.current, frameRate })}
              >
                {ICONS[a.id]}
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
        <Text ff="monospace" size="sm" aria-label={UI.currentTimecode}>
          {smpteTimecode(frame, frameRate)}
        </Text>
      </Group>
      <Box
        role="group"
        aria-label={UI.timeline}
        mt={8}
        h={14}
        bg="gray.2"
        style={{ position: 'relative', borderRadius: 7 }}
      >
        {duration > 0 && (
          <Box
            bg="blue.3"
            h="100%"
            style={{
              width: `${Math.min(100, (timeOfFrame(frame, frameRate) / duration) * 100)}%`,
              borderRadius: 7,
            }}
          />
        )}
        {duration > 0 &&
          anchored.map((c) => (
            <UnstyledButton
              key={c._id}
              aria-label={UI.markerAt(c.timecode ?? '', c.author.name)}
              onClick={() => onMarker(c)}
              style={{
                position: 'absolute',
                top: -3,
                left: `calc(${Math.min(100, ((c.frame! + 0.5) / (c.frame_rate ?? frameRate) / duration) * 100)}% - 5px)`,
                width: 10,
                height: 20,
                borderRadius: 3,
                background: c.resolved ? 'var(--mantine-color-gray-5)' : 'var(--mantine-color-orange-6)',
              }}
            />
          ))}
      </Box>
    </Box>
  );
}
