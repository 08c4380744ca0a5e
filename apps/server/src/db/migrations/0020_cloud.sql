CREATE TABLE "cloud_capacity" (
	"hardware_slug" text PRIMARY KEY NOT NULL,
	"capacity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_issue_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"error_type" text NOT NULL,
	"error_message" text NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_pool_machines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"hardware_slug" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password_sealed" text NOT NULL,
	"leased_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_pool_machines_leased_by_unique" UNIQUE("leased_by")
);
--> statement-breakpoint
CREATE TABLE "cloud_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid,
	"hardware_slug" text NOT NULL,
	"configuration_id" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_until" timestamp with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid,
	"task_type" text DEFAULT 'task' NOT NULL,
	"software_slug" text NOT NULL,
	"hardware_slug" text NOT NULL,
	"plugin_slugs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_per_hour" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"extensions" integer DEFAULT 0 NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'machine_booting' NOT NULL,
	"timezone_name" text,
	"timezone_offset" integer,
	"provider" text NOT NULL,
	"provider_ref" text,
	"host_name" text,
	"ip_address" text,
	"port" integer,
	"username" text,
	"password_sealed" text,
	"waiting_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_sessions_assignment_code_unique" UNIQUE("assignment_code"),
	CONSTRAINT "cloud_sessions_charged_ck" CHECK ("cloud_sessions"."charged" >= 0 and "cloud_sessions"."refunded" >= 0 and "cloud_sessions"."refunded" <= "cloud_sessions"."charged")
);
--> statement-breakpoint
ALTER TABLE "cloud_issue_reports" ADD CONSTRAINT "cloud_issue_reports_session_id_cloud_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cloud_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_issue_reports" ADD CONSTRAINT "cloud_issue_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_pool_machines" ADD CONSTRAINT "cloud_pool_machines_leased_by_cloud_sessions_id_fk" FOREIGN KEY ("leased_by") REFERENCES "public"."cloud_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_queue" ADD CONSTRAINT "cloud_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_queue" ADD CONSTRAINT "cloud_queue_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_sessions" ADD CONSTRAINT "cloud_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_sessions" ADD CONSTRAINT "cloud_sessions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_sessions" ADD CONSTRAINT "cloud_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloud_queue_line_idx" ON "cloud_queue" USING btree ("hardware_slug","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_queue_one_per_user" ON "cloud_queue" USING btree ("user_id") WHERE "cloud_queue"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "cloud_sessions_user_idx" ON "cloud_sessions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cloud_sessions_active_idx" ON "cloud_sessions" USING btree ("hardware_slug") WHERE "cloud_sessions"."status" in ('machine_booting', 'machine_started', 'machine_shutting_down');--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_sessions_one_active_per_user" ON "cloud_sessions" USING btree ("user_id") WHERE "cloud_sessions"."status" in ('machine_booting', 'machine_started', 'machine_shutting_down');--> statement-breakpoint
CREATE INDEX "cloud_sessions_team_idx" ON "cloud_sessions" USING btree ("team_id","created_at");