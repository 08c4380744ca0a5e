-- The project permission catalogue (mirrors packages/shared rules/projectPermissions.ts, ids included;
-- a test checks they agree). Insert-only: later edits in the database are kept.
INSERT INTO "project_permissions" ("id","code","title","sort_order") VALUES
  (1, 'can_add_update_collaborators', 'Add and update collaborators', 1),
  (2, 'can_manage_project', 'Manage project permissions and badges', 2),
  (3, 'can_share_to_download_rushesio_assets', 'Share Rushes.io assets for download', 3),
  (4, 'can_share_to_download_all_assets', 'Share all assets for download', 4),
  (5, 'share_to_download_all_assets', 'Share to download all assets', 5),
  (6, 'download_all_assets', 'Download all assets', 6),
  (7, 'can_add_update_asset_metadata', 'Add and update asset metadata', 7),
  (8, 'can_upload_assets', 'Upload assets and create folders', 8),
  (9, 'can_delete_assets', 'Delete assets', 9),
  (10, 'can_copy_move_assets', 'Copy and move assets', 10)
ON CONFLICT ("id") DO NOTHING;
