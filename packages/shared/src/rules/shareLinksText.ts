/**
 * The project's Share Links page, its edit dialog and the share panel's one-link and folder choices.
 * Expiry and passcode messages are spec 002 §5's (SHARE_MESSAGES); these are decided for the page.
 */
export const SHARE_LINKS_TEXT = {
  pageTitle: 'Share Links',
  /** the project page's way to the page */
  openPage: 'Share Links',
  shareFolder: 'Share this folder',
  noLinks: 'No review links yet. Share assets or a folder to make one.',
  loading: 'Loading…',
  views: (n: number) => (n === 1 ? '1 view' : `${n} views`),
  kindAsset: 'Asset',
  kindAssets: 'Playlist',
  kindFolder: 'Folder',
  /** the share panel, several files selected */
  oneLinkForAll: 'One link for all selected',
  oneLinkHint: 'The files play in this order as a playlist on the review page.',
  /** the share panel, a folder: what the link shows */
  folderHint: 'The link shows the files in this folder at the time it is opened.',
  folderLabel: (title: string) => `Folder: ${title}`,
  /** a link of several assets, in mails, notifications and the page */
  manyTitle: (first: string, more: number) => `${first} and ${more} more`,
  assetsCount: (n: number) => (n === 1 ? '1 asset' : `${n} assets`),
  sharedBy: 'Created by',
  created: 'Created',
  expires: 'Expires',
  passcodeOn: 'Passcode on',
  passcodeOff: 'No passcode',
  downloadOn: 'Download allowed',
  downloadOff: 'No download',
  watermarkOn: 'Watermark on',
  lastViewed: (when: string) => `Last viewed ${when}`,
  neverViewed: 'Not viewed yet',
  copyAgain: 'Copy link',
  /** a link made before links were kept sealed: its address cannot be shown again */
  newLink: 'New link',
  newLinkConfirm:
    'This link was made before links could be copied again. A new link replaces its address: the old address stops working. Continue?',
  newLinkMade: 'New link made and copied',
  cannotCopy: 'This link was made before links could be copied again. Make a new link to copy it.',
  edit: 'Edit',
  editTitle: 'Edit link',
  /** expiry in the edit dialog: hours from now (1 to 120, spec 002 §5) */
  expiresInLabel: 'Expires in (hours from now)',
  keepExpiry: 'Leave empty to keep the current expiry',
  passcodeProtection: 'Passcode protection',
  /** the link already has a passcode: leaving the field empty keeps it */
  passcodeKeep: 'Leave empty to keep the current passcode',
  allowDownload: 'Allow download',
  watermark: 'Watermark (viewer’s e-mail and time)',
  save: 'Save',
  cancel: 'Cancel',
  linkUpdated: 'Link updated',
  revokeConfirmTitle: 'Revoke this link?',
  revokeConfirm: 'Anyone opening it will see that it has expired. This cannot be undone.',
  revoke: 'Revoke',
  loadMore: 'Load more',
  linkLabel: (title: string) => `Link: ${title}`,
  untitledFolder: 'Folder',
  /** a link whose assets were all deleted */
  noAssets: 'No assets left',
  /** a share of a folder needs the folder to be in the body's project and a folder */
  folderNotFound: 'Folder not found',
} as const;
