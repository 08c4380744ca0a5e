import { PLAYBACK_SPEEDS, UI } from '@rushes/shared';

/** What the player keys drive beyond the media element (the workspace's own state). */
export interface PlayerCommands {
  setIn: () => void;
  setOut: () => void;
  clearRange: () => void;
  toggleFullscreen: () => void;
  toggleHelp: () => void;
  /** captions on or off (only where the file may have a transcript) */
  toggleCaptions?: () => void;
}

/** Sets properties of the media element (volume, muted, playbackRate, loop, currentTime). */
export function setMedia(
  v: HTMLMediaElement | null,
  change: Partial<Pick<HTMLMediaElement, 'volume' | 'muted' | 'playbackRate' | 'loop' | 'currentTime'>>,
) {
  if (v) Object.assign(v, change);
}

/** The player the review actions drive. */
export interface ReviewPlayerControl {
  video: HTMLMediaElement | null;
  frameRate: number;
  player?: PlayerCommands;
}

export type ReviewActionId = 'back' | 'pause' | 'play' | 'prevFrame' | 'nextFrame' | 'toggle';

export interface ReviewAction {
  id: ReviewActionId;
  label: string;
  /** KeyboardEvent.key values (letters lower case) */
  keys: readonly string[];
  run: (p: ReviewPlayerControl) => void;
}

const step = (p: ReviewPlayerControl, frames: number) => {
  const v = p.video;
  if (!v) return;
  v.pause();
  v.currentTime = Math.max(0, Math.min(v.duration || Infinity, v.currentTime + frames / p.frameRate));
};

/**
 * Keyboard review (DESIGN §7 actions shared by buttons and shortcuts): J steps back a
 * second at normal speed (browsers do not play backwards), K pauses, L plays (again: the next speed
 * of the speed menu, up to 2×), ←/→ one frame, space
 * plays or pauses. The buttons under the player and the keys run these same functions.
 */
export const REVIEW_ACTIONS: readonly ReviewAction[] = [
  {
    id: 'back',
    label: UI.reviewActions.back,
    keys: ['j'],
    run: (p) => {
      if (!p.video) return;
      p.video.playbackRate = 1;
      step(p, -p.frameRate);
    },
  },
  { id: 'pause', label: UI.reviewActions.pause, keys: ['k'], run: (p) => p.video?.pause() },
  {
    id: 'play',
    label: UI.reviewActions.play,
    keys: ['l'],
    run: (p) => {
      const v = p.video;
      if (!v) return;
      // again while playing: the next speed of the speed menu (up to its fastest)
      if (!v.paused) v.playbackRate = PLAYBACK_SPEEDS.find((s) => s > v.playbackRate) ?? v.playbackRate;
      else v.playbackRate = 1;
      void v.play();
    },
  },
  { id: 'prevFrame', label: UI.reviewActions.prevFrame, keys: ['ArrowLeft'], run: (p) => step(p, -1) },
  { id: 'nextFrame', label: UI.reviewActions.nextFrame, keys: ['ArrowRight'], run: (p) => step(p, 1) },
  {
    id: 'toggle',
    label: UI.reviewActions.toggle,
    keys: [' '],
    run: (p) => {
      const v = p.video;
      if (!v) return;
      if (v.paused) void v.play();
      else v.pause();
    },
  },
];

type PlayerKeyId = 'setIn' | 'setOut' | 'clearRange' | 'mute' | 'fullscreen' | 'help' | 'captions';

/**
 * The player's other keys (their buttons sit with the player's controls): I/O set the in and out
 * point of a range, X clears it, M mutes, F fullscreen, C captions, ? the keyboard map.
 */
export const PLAYER_KEY_ACTIONS: readonly {
  id: PlayerKeyId;
  keys: readonly string[];
  run: ReviewAction['run'];
}[] = [
  { id: 'setIn', keys: ['i'], run: (p) => p.player?.setIn() },
  { id: 'setOut', keys: ['o'], run: (p) => p.player?.setOut() },
  { id: 'clearRange', keys: ['x'], run: (p) => p.player?.clearRange() },
  {
    id: 'mute',
    keys: ['m'],
    run: (p) => {
      if (p.video) p.video.muted = !p.video.muted;
    },
  },
  { id: 'fullscreen', keys: ['f'], run: (p) => p.player?.toggleFullscreen() },
  { id: 'help', keys: ['?'], run: (p) => p.player?.toggleHelp() },
  { id: 'captions', keys: ['c'], run: (p) => p.player?.toggleCaptions?.() },
];

export function reviewActionForKey(key: string): Pick<ReviewAction, 'keys' | 'run'> | undefined {
  const k = key.length === 1 ? key.toLowerCase() : key;
  return REVIEW_ACTIONS.find((a) => a.keys.includes(k)) ?? PLAYER_KEY_ACTIONS.find((a) => a.keys.includes(k));
}
