CREATE TABLE "notification_team_state" (
	"user_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"has_new_notification" boolean DEFAULT false NOT NULL,
	CONSTRAINT "notification_team_state_user_id_team_id_pk" PRIMARY KEY("user_id","team_id")
);
--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "team_id" uuid;--> statement-breakpoint
-- Existing rows (docs/decisions.md): under their project's team when the user is a member of it, else under the user's personal account (also for rows without a project).
UPDATE "notifications" AS n SET "team_id" = p."team_id" FROM "projects" AS p
  WHERE p."id" = n."project_id"
    AND EXISTS (SELECT 1 FROM "team_members" AS m WHERE m."team_id" = p."team_id" AND m."user_id" = n."user_id");--> statement-breakpoint
UPDATE "notifications" AS n SET "team_id" = (
  SELECT t."id" FROM "teams" AS t WHERE t."owner_id" = n."user_id" AND t."is_personal" ORDER BY t."created_at" LIMIT 1
) WHERE n."team_id" IS NULL;--> statement-breakpoint
DELETE FROM "notifications" WHERE "team_id" IS NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "team_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_team_state" ADD CONSTRAINT "notification_team_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_team_state" ADD CONSTRAINT "notification_team_state_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_team_created_idx" ON "notifications" USING btree ("user_id","team_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The old per-user dot becomes a dot on each team that has unseen notifications for that user.
INSERT INTO "notification_team_state" ("user_id", "team_id", "has_new_notification")
  SELECT DISTINCT n."user_id", n."team_id", true FROM "notifications" AS n
  JOIN "notification_state" AS s ON s."user_id" = n."user_id" AND s."has_new_notification"
  WHERE n."has_seen" = false;--> statement-breakpoint
ALTER TABLE "notification_state" DROP COLUMN "has_new_notification";