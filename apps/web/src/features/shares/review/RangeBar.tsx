import { Box, UnstyledButton } from '@mantine/core';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { PLAYER_TEXT, UI, frameAt, smpteTimecode, timeOfFrame, type AssetComment } from '@rushes/shared';
import { setMedia } from './actions.ts';
import type { FrameRange } from './usePlayerTools.ts';

const pct = (seconds: number, duration: number) =>
  `${Math.max(0, Math.min(100, (seconds / duration) * 100))}%`;

/**
 * The scrub bar: the played part, the in/out range, a marker per comment at a point in time and,
 * in the lane under it, a bar per range comment (click: seek to its first frame). Pressing on the
 * bar and dragging seeks.
 */
export function RangeBar({
  video,
  frameRate,
  frame,
  duration,
  comments,
  range,
  onMarker,
}: {
  video: HTMLMediaElement | null;
  frameRate: number;
  frame: number;
  duration: number;
  comments: readonly AssetComment[];
  range: FrameRange | null;
  onMarker: (c: AssetComment) => void;
}) {
  const anchored = comments.filter((c) => c.frame !== null);
  const points = anchored.filter((c) => c.frame_out === null);
  // range comments that overlap go on lanes under each other, so each bar stays clickable
  const lanes: number[] = [];
  const ranges = anchored
    .filter((c) => c.frame_out !== null)
    .map((c) => {
      const rate = c.frame_rate ?? frameRate;
      const from = c.frame! / rate;
      const to = (c.frame_out! + 1) / rate;
      let lane = lanes.findIndex((end) => end <= from);
      if (lane < 0) lane = lanes.push(to) - 1;
      else lanes[lane] = to;
      return { c, from, to, lane };
    });
  const seekTo = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!video || duration <= 0) return;
    const box = e.currentTarget.getBoundingClientRect();
    const at = Math.max(0, Math.min(1, (e.clientX - box.left) / box.width)) * duration;
    // land inside the frame under the pointer, as the frame keys do
    setMedia(video, {
      currentTime: timeOfFrame(Math.min(frameAt(at, frameRate), frameAt(duration, frameRate) - 1), frameRate),
    });
  };
  const markerColor = (c: AssetComment) =>
    c.resolved ? 'var(--mantine-color-gray-5)' : 'var(--mantine-color-orange-6)';
  return (
    <Box>
      <Box
        role="group"
        aria-label={UI.timeline}
        mt={8}
        h={14}
        bg="gray.2"
        style={{
          position: 'relative',
          borderRadius: 7,
          cursor: duration > 0 ? 'pointer' : undefined,
          touchAction: 'none',
        }}
        onPointerDown={(e) => {
          if ((e.target as Element).closest('button')) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          video?.pause();
          seekTo(e);
        }}
        onPointerMove={(e) => {
          if (e.currentTarget.hasPointerCapture(e.pointerId)) seekTo(e);
        }}
      >
        {duration > 0 && (
          <Box
            bg="blue.3"
            h="100%"
            style={{ width: pct(timeOfFrame(frame, frameRate), duration), borderRadius: 7 }}
          />
        )}
        {duration > 0 && range && (
          <Box
            role="img"
            aria-label={`${PLAYER_TEXT.range}: ${PLAYER_TEXT.rangeOf(smpteTimecode(range.in, frameRate), smpteTimecode(range.out, frameRate))}`}
            style={{
              position: 'absolute',
              top: -2,
              bottom: -2,
              left: pct(range.in / frameRate, duration),
              width: pct((range.out + 1 - range.in) / frameRate, duration),
              background: 'rgba(34, 139, 230, 0.25)',
              borderLeft: '3px solid var(--mantine-color-blue-7)',
              borderRight: '3px solid var(--mantine-color-blue-7)',
              pointerEvents: 'none',
            }}
          />
        )}
        {duration > 0 &&
          points.map((c) => (
            <UnstyledButton
              key={c._id}
              aria-label={UI.markerAt(c.timecode ?? '', c.author.name)}
              onClick={() => onMarker(c)}
              style={{
                position: 'absolute',
                top: -3,
                left: `calc(${pct((c.frame! + 0.5) / (c.frame_rate ?? frameRate), duration)} - 5px)`,
                width: 10,
                height: 20,
                borderRadius: 3,
                background: markerColor(c),
              }}
            />
          ))}
      </Box>
      {duration > 0 && ranges.length > 0 && (
        <Box h={lanes.length * 10} mt={4} style={{ position: 'relative' }}>
          {ranges.map(({ c, from, to, lane }) => (
            <UnstyledButton
              key={c._id}
              aria-label={PLAYER_TEXT.rangeCommentAt(c.timecode ?? '', c.timecode_out ?? '', c.author.name)}
              onClick={() => onMarker(c)}
              style={{
                position: 'absolute',
                top: lane * 10,
                height: 8,
                left: pct(from, duration),
                width: `max(6px, ${pct(to - from, duration)})`,
                borderRadius: 4,
                background: markerColor(c),
              }}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
