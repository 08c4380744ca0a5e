/**
 * The storyboard's grid view: the words of the List/Grid switch, the card-size slider and the
 * cards, written once for the server and the web.
 */
export const GRID_TEXT = {
  layout: 'Layout',
  list: 'List',
  grid: 'Grid',
  cardSize: 'Card size',
  viewSaved: 'View saved',
  dropNotAllowed: 'You may not upload new versions in this project',
  uploadingVersion: (name: string) => `Uploading ${name} as a new version`,
  versionBadge: (n: number) => `V${n}`,
  scrubAt: (title: string) => `Preview of ${title}`,
} as const;

/** The grid's card width in pixels: the slider's range and step, and the size before any choice. */
export const GRID_CARD_SIZE = { min: 140, max: 400, step: 20, initial: 220 } as const;

/** Cards asked per page: a first screen of a large window fits in one request. */
export const GRID_PAGE_SIZE = 100;
