-- Finished videos processed before the pipeline made hover-scrub sprite sheets get one from the
-- media module's 'media.backfill_sprites' job (batches by id). Enqueued once, here, and only when
-- there is something to do.
INSERT INTO "jobs" ("name", "data", "singleton_key")
SELECT 'media.backfill_sprites', '{}'::jsonb, 'media.backfill_sprites:start'
WHERE EXISTS (
  SELECT 1 FROM "assets"
  WHERE "file_type" = 'video' AND "status" = 1 AND "sprite_key" IS NULL AND "blob_key" IS NOT NULL
)
ON CONFLICT DO NOTHING;
