import { ActionIcon, Button, Group, Menu, Slider, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconArrowBarToLeft,
  IconArrowBarToRight,
  IconBadgeCc,
  IconCheck,
  IconKeyboard,
  IconMaximize,
  IconMinimize,
  IconRepeat,
  IconVolume,
  IconVolumeOff,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  PLAYBACK_SPEEDS,
  PLAYER_TEXT,
  TIME_DISPLAY_MODES,
  TRANSCRIPT_TEXT,
  UI,
  formatMediaTime,
  frameAt,
  type TimeDisplayMode,
} from '@rushes/shared';
import { setMedia } from './actions.ts';

function Icon({
  label,
  onClick,
  active,
  children,
}: {
  label: string;
  onClick: () => void;
  active?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withinPortal={false}>
      <ActionIcon
        variant={active ? 'filled' : 'default'}
        aria-label={label}
        aria-pressed={active}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The current frame as timecode, frame number or seconds (click: choose, remembered), and the
 * length of the file in the same unit.
 */
export function TimeDisplay({
  frame,
  frameRate,
  duration,
  mode,
  onMode,
}: {
  frame: number;
  frameRate: number;
  duration: number;
  mode: TimeDisplayMode;
  onMode: (m: TimeDisplayMode) => void;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Menu position="top" withinPortal={false}>
        <Menu.Target>
          <UnstyledButton
            aria-label={UI.currentTimecode}
            title={PLAYER_TEXT.timeDisplay}
            ff="monospace"
            fz="sm"
            px={6}
            style={{ borderRadius: 4, border: '1px solid var(--mantine-color-default-border)' }}
          >
            {formatMediaTime(frame, frameRate, mode)}
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{PLAYER_TEXT.timeDisplay}</Menu.Label>
          {TIME_DISPLAY_MODES.map((m) => (
            <Menu.Item
              key={m}
              leftSection={m === mode ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
              onClick={() => onMode(m)}
            >
              {PLAYER_TEXT.timeModes[m]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {duration > 0 && (
        <Text ff="monospace" size="sm" c="dimmed">
          / {formatMediaTime(Math.max(0, frameAt(duration, frameRate) - 1), frameRate, mode)}
        </Text>
      )}
    </Group>
  );
}

/**
 * The player's tools beside the review buttons: in/out and clear, loop, speed, mute and volume,
 * captions, the keyboard map and fullscreen. Each runs what its key runs (actions.ts PLAYER_KEY_ACTIONS).
 */
export function PlayerControls({
  video,
  rate,
  volume,
  muted,
  hasRange,
  onSetIn,
  onSetOut,
  onClearRange,
  loop,
  onLoop,
  fullscreen,
  onFullscreen,
  onHelp,
  audio,
  captions,
}: {
  video: HTMLMediaElement | null;
  rate: number;
  volume: number;
  muted: boolean;
  hasRange: boolean;
  onSetIn: () => void;
  onSetOut: () => void;
  onClearRange: () => void;
  loop: boolean;
  onLoop: () => void;
  fullscreen: boolean;
  onFullscreen: () => void;
  onHelp: () => void;
  audio?: boolean;
  /** the CC toggle (C), where the file's transcript can show as captions */
  captions?: { on: boolean; onToggle: () => void };
}) {
  return (
    <Group gap={4} wrap="wrap">
      <Icon label={PLAYER_TEXT.setIn} onClick={onSetIn}>
        <IconArrowBarToRight size={16} />
      </Icon>
      <Icon label={PLAYER_TEXT.setOut} onClick={onSetOut}>
        <IconArrowBarToLeft size={16} />
      </Icon>
      {hasRange && (
        <Icon label={PLAYER_TEXT.clearRange} onClick={onClearRange}>
          <IconX size={16} />
        </Icon>
      )}
      <Icon label={PLAYER_TEXT.loop} onClick={onLoop} active={loop}>
        <IconRepeat size={16} />
      </Icon>
      <Menu position="top" withinPortal={false}>
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="default"
            aria-label={PLAYER_TEXT.speed}
            title={PLAYER_TEXT.speed}
          >
            {PLAYER_TEXT.speedLabel(rate)}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{PLAYER_TEXT.speed}</Menu.Label>
          {PLAYBACK_SPEEDS.map((s) => (
            <Menu.Item
              key={s}
              leftSection={s === rate ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
              onClick={() => {
                setMedia(video, { playbackRate: s });
              }}
            >
              {PLAYER_TEXT.speedLabel(s)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Icon
        label={muted ? PLAYER_TEXT.unmute : PLAYER_TEXT.mute}
        onClick={() => {
          setMedia(video, { muted: !muted });
        }}
      >
        {muted || volume === 0 ? <IconVolumeOff size={16} /> : <IconVolume size={16} />}
      </Icon>
      <Slider
        w={80}
        size="sm"
        min={0}
        max={1}
        step={0.05}
        value={muted ? 0 : volume}
        thumbLabel={PLAYER_TEXT.volume}
        label={(v) => `${Math.round(v * 100)}%`}
        onChange={(v) => {
          setMedia(video, { volume: v, muted: v === 0 });
        }}
      />
      {captions && (
        <Icon
          label={captions.on ? TRANSCRIPT_TEXT.captionsOff : TRANSCRIPT_TEXT.captionsOn}
          onClick={captions.onToggle}
          active={captions.on}
        >
          <IconBadgeCc size={16} />
        </Icon>
      )}
      <Icon label={PLAYER_TEXT.keyboardHelp} onClick={onHelp}>
        <IconKeyboard size={16} />
      </Icon>
      {!audio && (
        <Icon label={fullscreen ? PLAYER_TEXT.exitFullscreen : PLAYER_TEXT.fullscreen} onClick={onFullscreen}>
          {fullscreen ? <IconMinimize size={16} /> : <IconMaximize size={16} />}
        </Icon>
      )}
    </Group>
  );
}
