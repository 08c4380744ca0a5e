ALTER TABLE "webhook_deliveries" ADD COLUMN "attempt_log" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" USING btree ("created_at");--> statement-breakpoint
-- deliveries made before kept only their last attempt: it becomes their log's one entry
UPDATE "webhook_deliveries" SET "attempt_log" = jsonb_build_array(jsonb_build_object(
  'at', coalesce("delivered_at", "created_at"), 'status', "response_status",
  'body', coalesce("response_body", ''), 'duration_ms', coalesce("duration_ms", 0)))
WHERE "attempts" > 0;
