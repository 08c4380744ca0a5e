CREATE TABLE "c2e_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_code" text NOT NULL,
	"project_id" uuid NOT NULL,
	"folder_id" uuid,
	"camera_model" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"username" text NOT NULL,
	"password_sealed" text NOT NULL,
	"allow_plain_ftp" boolean DEFAULT false NOT NULL,
	"max_file_bytes" bigint NOT NULL,
	"max_session_bytes" bigint NOT NULL,
	"bytes_received" bigint DEFAULT 0 NOT NULL,
	"files_received" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "c2e_sessions_session_code_unique" UNIQUE("session_code"),
	CONSTRAINT "c2e_sessions_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "personal_access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "kind" text DEFAULT 'project_asset' NOT NULL;--> statement-breakpoint
ALTER TABLE "c2e_sessions" ADD CONSTRAINT "c2e_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2e_sessions" ADD CONSTRAINT "c2e_sessions_folder_id_assets_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2e_sessions" ADD CONSTRAINT "c2e_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_access_tokens" ADD CONSTRAINT "personal_access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "c2e_sessions_project_idx" ON "c2e_sessions" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "personal_access_tokens_user_idx" ON "personal_access_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
-- The camera-to-edit permission (packages/shared rules/projectPermissions.ts id 11); admins are
-- granted it by a project admin like any other code (docs/decisions.md).
INSERT INTO "project_permissions" ("id","code","title","sort_order") VALUES
  (11, 'can_camera_to_edit', 'Camera to Edit', 11)
ON CONFLICT ("id") DO NOTHING;
