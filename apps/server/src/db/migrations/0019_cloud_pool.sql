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
ALTER TABLE "cloud_pool_machines" ADD CONSTRAINT "cloud_pool_machines_leased_by_cloud_sessions_id_fk" FOREIGN KEY ("leased_by") REFERENCES "public"."cloud_sessions"("id") ON DELETE set null ON UPDATE no action;