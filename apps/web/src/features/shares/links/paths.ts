/** The project's Share Links page (PATHS.shareLinks in app/paths.ts). */
export const shareLinksPath = (projectDbId: string) => `/share-links/${encodeURIComponent(projectDbId)}`;
