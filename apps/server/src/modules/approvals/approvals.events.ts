declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** An asset's approval or review requests changed (created, a person removed or claimed). */
    'task_request.changed': { projectId: string; assetId: string };
    /** A reviewer set an asset's approval status. */
    'asset.approval_changed': { projectId: string; assetId: string; approvalStatus: number };
  }
}

export {};
