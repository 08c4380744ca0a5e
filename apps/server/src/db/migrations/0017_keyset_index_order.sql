DROP INDEX "notifications_user_team_created_idx";--> statement-breakpoint
DROP INDEX "asset_shares_tray_idx";--> statement-breakpoint
DROP INDEX "task_assignees_user_created_idx";--> statement-breakpoint
DROP INDEX "tasks_project_created_idx";--> statement-breakpoint
DROP INDEX "tasks_assigner_created_idx";--> statement-breakpoint
DROP INDEX "ai_conversations_user_project_idx";--> statement-breakpoint
DROP INDEX "ai_turns_conversation_created_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_team_created_idx" ON "notifications" USING btree ("user_id","team_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "asset_shares_tray_idx" ON "asset_shares" USING btree ("shared_with_user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "task_assignees_user_created_idx" ON "task_assignees" USING btree ("user_id","created_at" DESC NULLS FIRST,"task_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_project_created_idx" ON "tasks" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_assigner_created_idx" ON "tasks" USING btree ("assigned_by","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ai_conversations_user_project_idx" ON "ai_conversations" USING btree ("user_id","project_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ai_turns_conversation_created_idx" ON "ai_turns" USING btree ("conversation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);