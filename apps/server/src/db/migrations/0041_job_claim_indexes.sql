DROP INDEX "jobs_due_idx";--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_lock_expiry_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."state" = 'active';