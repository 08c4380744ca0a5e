import { z } from 'zod';
import { FILE_TYPES } from './projects.ts';

/**
 * The 'Shared Assets' home tray (spec 002 §2, §3 Home tray, §7 asset/trays with tray_name
 * 'shared_assets'): assets other people shared with the caller, newest share first, keyset paged.
 * Items are keyed by share_id (one per asset and recipient).
 */
export const SHARED_ASSETS_TRAY = 'shared_assets' as const;

export const sharedAssetCard = z.object({
  share_id: z.string(),
  ingest_db_id: z.string(),
  title: z.string(),
  file_type: z.enum(FILE_TYPES),
  is_folder: z.boolean(),
  project_db_id: z.string(),
  project_title: z.string(),
  shared_by: z.object({ user_id: z.string(), name: z.string() }).nullable(),
  shared_on: z.string(),
});
export type SharedAssetCard = z.infer<typeof sharedAssetCard>;

export const sharedAssetsPage = z.object({
  field: z.literal(SHARED_ASSETS_TRAY),
  data: z.array(sharedAssetCard),
  total_entries: z.number(),
  next_cursor: z.string().nullable(),
});
export type SharedAssetsPage = z.infer<typeof sharedAssetsPage>;
