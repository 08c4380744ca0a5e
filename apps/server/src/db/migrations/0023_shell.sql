CREATE TABLE "product_tours" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "team_shell_settings" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"block_dev_tools" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_tours" ADD CONSTRAINT "product_tours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_shell_settings" ADD CONSTRAINT "team_shell_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;