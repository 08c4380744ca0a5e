/** Domain events of asset shares (declaration merging into DomainEvents). */
declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** Assets were shared with users: each recipient's 'Shared Assets' tray gets the card first. */
    'shares.added': { shareIds: string[] };
    /** A share was renewed (shared again): recipients' cards are replaced. */
    'shares.updated': { shareIds: string[] };
    /** An asset's shares or review links changed (shared, revoked, user removed): its project room refetches. */
    'shares.links_changed': { assetId: string; projectId: string };
    /** An asset's review comments changed (added, resolved): its project room refetches them. */
    'comments.changed': { assetId: string; projectId: string };
    /** A comment or reply was added to an asset (webhooks). */
    'comment.added': { commentId: string; assetId: string; projectId: string; parentId: string | null };
    /** A review link was opened (a view recorded; the page refreshing itself is not one). */
    'share.opened': { linkId: string; assetId: string; projectId: string };
    /** Shares are gone (asset deleted, unshared): each recipient's tray drops the card. */
    'shares.removed': { shares: { shareId: string; userId: string }[] };
  }
}

declare module '../../platform/jobs/queue.ts' {
  interface JobDefinitions {
    /** Burns a viewer's e-mail and the time into their copy of a watermarked link's file. */
    'shares.watermark': { watermarkId: string };
  }
}

export {};
