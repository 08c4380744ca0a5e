/**
 * The review player's words (members' player and the public review page share it): its controls,
 * the time display, the in/out range and the keyboard map. Kept apart from the sharing texts so a
 * page that never plays a video does not load them.
 */
export const PLAYER_TEXT = {
  volume: 'Volume',
  mute: 'Mute (M)',
  unmute: 'Unmute (M)',
  speed: 'Playback speed',
  speedLabel: (rate: number) => `${rate}×`,
  loop: 'Loop',
  fullscreen: 'Fullscreen (F)',
  exitFullscreen: 'Exit fullscreen (F)',
  setIn: 'Set in point (I)',
  setOut: 'Set out point (O)',
  clearRange: 'Clear in and out (X)',
  range: 'In and out range',
  rangeOf: (from: string, to: string) => `${from} – ${to}`,
  commentOnRange: (from: string, to: string) => `Comment on ${from} – ${to}`,
  rangeCommentAt: (from: string, to: string, author: string) => `Comment on ${from} – ${to} by ${author}`,
  timeDisplay: 'Time display',
  timeModes: { timecode: 'Timecode', frames: 'Frames', seconds: 'Seconds' },
  seekBar: 'Seek',
  keyboardHelp: 'Keyboard shortcuts (?)',
  keyboardHelpTitle: 'Keyboard shortcuts',
  close: 'Close',
  /** the keyboard map in the help overlay: the keys as printed, and what they do */
  keys: [
    { keys: 'Space', what: 'Play or pause' },
    { keys: 'K', what: 'Pause' },
    { keys: 'L', what: 'Play; again: faster (0.25× to 2×)' },
    { keys: 'J', what: 'Back one second at normal speed' },
    { keys: '← / →', what: 'Previous / next frame' },
    { keys: 'I / O', what: 'Set the in / out point of a range' },
    { keys: 'X', what: 'Clear the in and out points' },
    { keys: 'M', what: 'Mute or unmute' },
    { keys: 'F', what: 'Fullscreen on or off' },
    { keys: 'C', what: 'Captions on or off' },
    { keys: '?', what: 'Show or hide this list' },
  ],
  // answers of the comment routes (registered as product messages in schemas/reviewComments.ts)
  frameOutNeedsFrame: 'A range needs its first frame: send frame with frame_out',
  frameOutBeforeFrame: 'The range must end at or after its first frame',
} as const;

export type TimeDisplayMode = keyof typeof PLAYER_TEXT.timeModes;
export const TIME_DISPLAY_MODES = Object.keys(PLAYER_TEXT.timeModes) as TimeDisplayMode[];
/** The speeds of the speed menu; L steps up through them while playing. */
export const PLAYBACK_SPEEDS = [0.25, 0.5, 1, 1.5, 2] as const;
