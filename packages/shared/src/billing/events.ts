/**
 * The billing module's realtime event, merged into the event map (events.ts) from here rather than
 * written there. A file of the program must reach this one for the merge to apply: index.ts does.
 */
declare module '../events.ts' {
  interface ServerToClientEvents {
    /** User rooms of the team's members: its billing details were saved; refetch them. */
    billing_detail: (payload: { team_db_id: string }) => void;
  }
}

export {};
