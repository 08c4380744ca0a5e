CREATE TABLE "cloud_user_settings" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"blob_key" text NOT NULL,
	"size" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_user_settings_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "personal_access_tokens" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "cloud_pool_machines" ADD COLUMN "capabilities" jsonb;--> statement-breakpoint
ALTER TABLE "cloud_sessions" ADD COLUMN "agent_token_id" uuid;--> statement-breakpoint
ALTER TABLE "cloud_sessions" ADD COLUMN "agent_token_sealed" text;--> statement-breakpoint
ALTER TABLE "cloud_sessions" ADD COLUMN "agent_phase" text;--> statement-breakpoint
ALTER TABLE "cloud_sessions" ADD COLUMN "agent_heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cloud_sessions" ADD COLUMN "agent_idle_seconds" integer;--> statement-breakpoint
ALTER TABLE "cloud_sessions" ADD COLUMN "agent_idle_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cloud_sessions" ADD COLUMN "agent_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cloud_user_settings" ADD CONSTRAINT "cloud_user_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_user_settings" ADD CONSTRAINT "cloud_user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_access_tokens" ADD CONSTRAINT "personal_access_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;