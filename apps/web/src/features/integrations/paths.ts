/** Links to the import and transfers pages (PATHS.importAssets, PATHS.transfers in app/paths.ts). */
export const transfersPath = (projectDbId: string, service = 'all') =>
  `/transfers/${encodeURIComponent(projectDbId)}/${encodeURIComponent(service)}`;

export function importPath(projectDbId: string, service = 's3', bucket?: string, integrationDbId?: string) {
  const parts = [
    projectDbId,
    service,
    ...(bucket ? [bucket] : []),
    ...(bucket && integrationDbId ? [integrationDbId] : []),
  ];
  return `/import-assets/${parts.map(encodeURIComponent).join('/')}`;
}
