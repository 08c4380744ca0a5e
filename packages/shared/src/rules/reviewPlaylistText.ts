/**
 * The review page's playlist (a link holding several files or a folder), its watermark gate and the
 * messages of the review calls about them. Decided for the page (spec 002 names none of these).
 */
export const REVIEW_PLAYLIST_TEXT = {
  playlist: 'Playlist',
  count: (n: number) => (n === 1 ? '1 file' : `${n} files`),
  position: (i: number, n: number) => `${i} of ${n}`,
  previous: 'Previous file',
  next: 'Next file',
  autoplay: 'Autoplay',
  nowShowing: 'Now showing',
  emptyFolder: 'This folder has no files to show yet.',
  /** the watermark gate */
  emailTitle: 'Enter your e-mail to watch',
  emailHint: 'Your e-mail and the time are shown over the picture of what you watch here.',
  emailLabel: 'Your e-mail',
  continue: 'Continue',
  preparing: 'Preparing your copy…',
  preparingHint: 'Your e-mail and the time are being added to the picture. This takes a moment.',
  failed: 'Your copy could not be prepared. Reload the page to try again.',
  watermarkedFor: (email: string) => `Watermarked for ${email}`,
  /** errors of the review calls */
  notInLink: 'This file is not part of this link',
  emailRequired: 'Enter your e-mail to watch this link',
  notReady: 'Your copy is not ready yet',
} as const;

/** The line burned into a watermarked copy: e-mail and the time it was made (UTC). */
export const watermarkLine = (email: string, at: Date) =>
  `${email} · ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
