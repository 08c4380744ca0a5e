/** Domain events of asset shares (declaration merging into DomainEvents). */
declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** Assets were shared with users: each recipient's 'Shared Assets' tray gets the card first. */
    'shares.added': { shareIds: string[] };
    /** A share was renewed (shared again): recipients' cards are replaced. */
    'shares.updated': { shareIds: string[] };
    /** Shares are gone (asset deleted, unshared): each recipient's tray drops the card. */
    'shares.removed': { shares: { shareId: string; userId: string }[] };
  }
}

export {};
