-- Issue 16: finished videos uploaded before the pipeline stored assets.frame_rate get it probed by
-- the media module's 'media.backfill_frame_rate' job (batches by id). Enqueued once, here, and only
-- when there is something to do.
INSERT INTO "jobs" ("name", "data", "singleton_key")
SELECT 'media.backfill_frame_rate', '{}'::jsonb, 'media.backfill_frame_rate:start'
WHERE EXISTS (
  SELECT 1 FROM "assets"
  WHERE "file_type" = 'video' AND "status" = 1 AND "frame_rate" IS NULL AND "blob_key" IS NOT NULL
)
ON CONFLICT DO NOTHING;
