/**
 * The version switcher's and the compare view's words, on the members' player and the review
 * page alike.
 */
export const VERSIONS_TEXT = {
  /** above this many versions the switcher is a list, not a row of buttons */
  chooseVersion: 'Choose a version',
  compareMode: 'Compare mode',
  sideBySide: 'Side by side',
  overlay: 'Overlay',
  overlayKind: 'Overlay kind',
  wipe: 'Wipe',
  opacity: 'Opacity',
  /** the slider of the wipe: how much of the compared version shows, from the left */
  wipePosition: (version: string) => `Wipe: ${version} from the left`,
  /** the slider of the blend: how opaque the compared version lies over the shown one */
  opacityOf: (version: string) => `Opacity of ${version}`,
  comparePosition: 'Position in both versions',
  compareTime: (at: string, of: string) => `${at} of ${of}`,
  playBoth: 'Play both',
  pauseBoth: 'Pause both',
  /** the version's number and file name, named on its side of the compare */
  versionNamed: (label: string, title: string) => `${label}: ${title}`,
} as const;

/** The most versions the switcher shows as buttons in a row; more are a list. */
export const VERSION_BUTTONS_MAX = 6;
