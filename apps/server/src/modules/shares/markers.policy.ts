import { userIdOf } from '../../platform/auth/guard.ts';
import { fieldOf, type Policy } from '../../platform/policies.ts';
import { authorizeProject, canViewProject, type ProjectAccess } from '../projects/index.ts';
import { authorizeSharedAsset, type AssetRow } from './shares.policy.ts';
import { commentedAssetsOf } from './shares.sql.ts';

/** What a marker export reads: the project, and the assets whose comments go in the file. */
export interface MarkerExportAccess extends ProjectAccess {
  assets: AssetRow[];
}

/**
 * shares.canExportMarkers: any member of the project. By `ingest_db_id` the one file asset (unknown
 * and foreign ids answer 403 'Asset not found', as the comments list does); by `project_db_id` every
 * file asset of the project with at least one comment, by title. Either id may be the one given, so
 * the policy reads the request itself (the query's schema requires exactly one).
 */
export const canExportMarkers = (): Policy<MarkerExportAccess> => ({
  check: (ctx) => async (req) => {
    const userId = userIdOf(req);
    const assetId = fieldOf(req, 'ingest_db_id');
    if (typeof assetId === 'string') {
      const { asset, access } = await authorizeSharedAsset(ctx.db, userId, assetId, () => true);
      return { ...access, assets: [asset] };
    }
    const access = await authorizeProject(
      ctx.db,
      userId,
      String(fieldOf(req, 'project_db_id')),
      canViewProject,
    );
    const rows = await commentedAssetsOf(ctx.db, access.project.id);
    return { ...access, assets: rows };
  },
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'shares.canExportMarkers': MarkerExportAccess;
  }
}
