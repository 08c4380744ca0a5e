CREATE TABLE "upload_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"folder_id" uuid,
	"folder_path" text DEFAULT '/' NOT NULL,
	"asset_id" uuid NOT NULL,
	"blob_key" text NOT NULL,
	"blob_upload_id" text NOT NULL,
	"filename" text NOT NULL,
	"extension" text DEFAULT '' NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"part_size" integer NOT NULL,
	"part_count" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "proxy_key" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "codec" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD CONSTRAINT "upload_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upload_sessions_asset_key" ON "upload_sessions" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "upload_sessions_project_user_idx" ON "upload_sessions" USING btree ("project_id","user_id","created_at") WHERE "upload_sessions"."status" <> 'completed';--> statement-breakpoint
CREATE INDEX "upload_sessions_blob_key_idx" ON "upload_sessions" USING btree ("blob_key");--> statement-breakpoint
CREATE INDEX "upload_sessions_updated_idx" ON "upload_sessions" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "assets_proxy_key_idx" ON "assets" USING btree ("proxy_key") WHERE "assets"."proxy_key" is not null;