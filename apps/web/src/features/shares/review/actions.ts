import { UI } from '@rushes/shared';

/** The player the review actions drive. */
export interface ReviewPlayerControl {
  video: HTMLMediaElement | null;
  frameRate: number;
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
 * second (browsers do not play backwards), K pauses, L plays (again: faster), ←/→ one frame, space
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
      if (!v.paused) v.playbackRate = Math.min(4, v.playbackRate * 2);
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

export function reviewActionForKey(key: string): ReviewAction | undefined {
  const k = key.length === 1 ? key.toLowerCase() : key;
  return REVIEW_ACTIONS.find((a) => a.keys.includes(k));
}
