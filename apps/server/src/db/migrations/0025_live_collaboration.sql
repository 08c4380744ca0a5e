CREATE TABLE "live_collaborations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"host_user_id" uuid NOT NULL,
	"guest_user_id" uuid NOT NULL,
	"task_type" text DEFAULT 'task' NOT NULL,
	"channel_name" text NOT NULL,
	"call_joined" boolean DEFAULT false NOT NULL,
	"call_ended_by_host" boolean DEFAULT false NOT NULL,
	"guest_muted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_collaborations" ADD CONSTRAINT "live_collaborations_session_id_cloud_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cloud_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_collaborations" ADD CONSTRAINT "live_collaborations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_collaborations" ADD CONSTRAINT "live_collaborations_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_collaborations" ADD CONSTRAINT "live_collaborations_guest_user_id_users_id_fk" FOREIGN KEY ("guest_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_collaborations_session_idx" ON "live_collaborations" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "live_collaborations_guest_idx" ON "live_collaborations" USING btree ("guest_user_id","project_id");