/** Generated blob keys (DESIGN §9): never from the user's file name. The assets module owns the layout. */
export const assetKeyPrefix = (projectId: string, assetId: string) =>
  `projects/${projectId.toLowerCase()}/assets/${assetId.toLowerCase()}`;
export const originalKey = (projectId: string, assetId: string) =>
  `${assetKeyPrefix(projectId, assetId)}/original`;
