CREATE TABLE "integration_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integration_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"shared_by" uuid NOT NULL,
	"remote_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"service" text NOT NULL,
	"region" text NOT NULL,
	"endpoint" text,
	"input_bucket" text,
	"input_folder" text,
	"output_bucket" text,
	"output_folder" text,
	"create_date_folders" boolean DEFAULT false NOT NULL,
	"auth_mode" text DEFAULT 'keys' NOT NULL,
	"role_arn" text,
	"access_key_hint" text,
	"sealed_secret" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_detail" text,
	"settings" jsonb,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sprinklr_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"sealed_access" text NOT NULL,
	"sealed_refresh" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"title" text NOT NULL,
	"folder_path" text,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"upload_id" text,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"integration_id" uuid,
	"service" text NOT NULL,
	"transfer_type" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"share_from_ps" boolean DEFAULT false NOT NULL,
	"total_items" integer DEFAULT 0 NOT NULL,
	"done_items" integer DEFAULT 0 NOT NULL,
	"total_bytes" bigint DEFAULT 0 NOT NULL,
	"done_bytes" bigint DEFAULT 0 NOT NULL,
	"destination" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_shares" ADD CONSTRAINT "integration_shares_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_shares" ADD CONSTRAINT "integration_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_items" ADD CONSTRAINT "transfer_items_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_shares_unique" ON "integration_shares" USING btree ("integration_id","asset_id");--> statement-breakpoint
CREATE INDEX "integration_shares_asset_idx" ON "integration_shares" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "integrations_team_idx" ON "integrations" USING btree ("team_id","service","created_at");--> statement-breakpoint
CREATE INDEX "transfer_items_transfer_idx" ON "transfer_items" USING btree ("transfer_id","position");--> statement-breakpoint
CREATE INDEX "transfers_project_idx" ON "transfers" USING btree ("project_id","created_at" DESC NULLS LAST);