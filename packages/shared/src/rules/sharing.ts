/** Sharing limits and settings (spec 002 §3, §5, §9). */
export const SHARE_DURATION_MIN = 1;
export const SHARE_DURATION_MAX = 120;
export const SHARE_DURATION_DEFAULT = 48;
export const SHARE_PASSCODE_MIN = 8;
export const SHARE_PASSCODE_MAX = 16;
/** 'Copied' shows 2 s for the share passcode and link (spec 002 §9). */
export const SHARE_COPIED_MS = 2000;

export const SHARE_SETTING_FIELDS = ['is_download_allowed', 'passcode_protection'] as const;
export type ShareSettingField = (typeof SHARE_SETTING_FIELDS)[number];

/** The share settings list (spec 002 §3 {field, title, selected}); titles decided in docs/decisions/0020-sharing-and-review.md. */
export const SHARE_SETTINGS: { field: ShareSettingField; title: string; selected: boolean }[] = [
  { field: 'is_download_allowed', title: 'Allow download', selected: false },
  { field: 'passcode_protection', title: 'Passcode protection', selected: false },
];

/** Texts of sharing (spec 002 §5, §8 verbatim; the rest decided in docs/decisions/0020-sharing-and-review.md). */
export const SHARE_MESSAGES = {
  assetShared: 'Asset shared successfully',
  enterNumbersOnly: 'Enter numbers only',
  shareDurationRange: 'Expiration duration must be between 1 to 120 hours',
  removeAllBlankSpaces: 'Remove all the blank spaces',
  passcodeLength: 'Use min 8 and max 16 characters',
  linkRevoked: 'Link revoked successfully',
  shareExpired: 'This link has expired',
  wrongPasscode: 'Incorrect passcode',
  passcodeAccepted: 'Passcode accepted',
  passcodeWait: 'Too many attempts. Please try again in a moment.',
  cannotRemoveShared: 'You do not have permission to remove shared users',
  cannotShare: 'You do not have permission to share this asset',
  shareNobody: 'Pick a person or type an e-mail',
  downloadNotAllowed: 'Download is not allowed for this asset',
  sharedWithYouTitle: 'Asset shared with you',
  commentAdded: 'Comment added',
  versionAdded: 'New version added',
  versionNotAllowed: 'This file cannot be added as a version of this asset',
  commentResolved: 'Comment resolved',
  commentReopened: 'Comment reopened',
  newCommentTitle: 'New comment',
  commentedOn: (who: string, title: string) => `${who} commented on ${title}`,
  /** the owner's one notification while unseen, once more comments have come in (batching) */
  commentsOn: (count: number, title: string) => `${count} new comments on ${title}`,
  commentNotFound: 'Comment not found',
  commentOneAnchor: 'A comment is on a frame or on a point of a page, not both',
  guestNameRequired: 'Enter your name',
  linkNotFound: 'This link is invalid or has expired',
  /** 'Copy link' made a link for nobody in particular and put it on the clipboard */
  linkCopied: 'Link copied',
} as const;

/** Labels of the share panel and the review page (decided in docs/decisions/0020-sharing-and-review.md where the spec is silent). */
export const SHARE_UI = {
  shareAsset: 'Share Asset',
  shareViewShare: 'SHARE',
  shareViewList: 'LIST',
  /** decided: the Share panel's view that shares to a marketing integration (spec 002 §4) */
  shareViewIntegration: 'INTEGRATION',
  shareWith: 'Share with',
  /** the files a share from a task sends */
  shareFiles: 'Files',
  shareDurationLabel: 'Expiration duration (hours)',
  passcodeLabel: 'Passcode',
  /** the passcode rule shown on the field (spec 002 §5's words) */
  passcodeRule: 'Use min 8 and max 16 characters, with no blank spaces',
  copyPasscode: 'Copy passcode',
  shareButton: 'Share',
  sharedUsers: 'Shared users',
  reviewLinks: 'Review links',
  reviewLink: 'Review link',
  copyLink: 'Copy link',
  revokeLink: 'Revoke',
  linkRevokedBadge: 'Revoked',
  linkExpiredBadge: 'Expired',
  linkViews: (n: number) => (n === 1 ? '1 view' : `${n} views`),
  linkExpires: (when: string) => `Expires ${when}`,
  removeSharedUser: (who: string) => `Remove ${who}`,
  shareLinkDialogText: 'Anyone with this link can open the asset until it expires.',
  reviewExpiredTitle: 'This link has expired',
  reviewExpiredText: 'Ask the person who shared it for a new link.',
  reviewPasscodeTitle: 'This asset is protected by a passcode',
  reviewUnlock: 'Open',
  reviewSharedBy: (name: string) => `Shared by ${name}`,
  download: 'Download',
  shareShortcut: 'S',
} as const;

/** Labels of the review player and comments (decided in docs/decisions/0020-sharing-and-review.md). */
export const REVIEW_UI = {
  comments: 'Comments',
  addComment: 'Add a comment',
  commentAt: (timecode: string) => `Comment at ${timecode}`,
  commentButton: 'Comment',
  reply: 'Reply',
  replyTo: (name: string) => `Reply to ${name}`,
  resolve: 'Resolve',
  reopen: 'Reopen',
  resolvedBadge: 'Resolved',
  guestBadge: 'Guest',
  yourName: 'Your name',
  draw: 'Draw',
  drawTools: { freehand: 'Freehand', arrow: 'Arrow', rect: 'Rectangle' },
  clearDrawing: 'Clear drawing',
  timeline: 'Timeline',
  markerAt: (timecode: string, author: string) => `Comment at ${timecode} by ${author}`,
  currentTimecode: 'Current timecode',
  commentOnPoint: 'Comment on this point',
  clickToPin: 'Click to pin your comment to a point, or drag to mark a region',
  pageLabel: (page: number) => `Page ${page}`,
  pinOf: (n: number, author: string) => `Comment ${n} by ${author}`,
  newPin: 'Your comment goes here',
  reviewActions: {
    back: 'Back one second (J)',
    pause: 'Pause (K)',
    play: 'Play (L)',
    prevFrame: 'Previous frame (←)',
    nextFrame: 'Next frame (→)',
    toggle: 'Play or pause (Space)',
  },
  noComments: 'No comments yet',
  drawingOnFrame: 'Drawing on the frame',
  versionLabel: (n: number) => `v${n}`,
  versions: 'Versions',
  uploadNewVersion: 'Upload new version',
  dropNewVersion: 'Drop to upload a new version',
  compareVersions: 'Compare versions',
  closeCompare: 'Close compare',
  compareWith: 'Compare with',
  versionShortcut: 'V',
} as const;
