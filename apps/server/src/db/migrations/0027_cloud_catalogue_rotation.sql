CREATE TABLE "cloud_catalogue" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"catalogue" jsonb NOT NULL,
	"file_sha256" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_catalogue_one_row" CHECK ("cloud_catalogue"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "cloud_pool_machines" ADD COLUMN "rotation" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_pool_machines" ADD COLUMN "rotation_path" text;--> statement-breakpoint
ALTER TABLE "cloud_catalogue" ADD CONSTRAINT "cloud_catalogue_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;