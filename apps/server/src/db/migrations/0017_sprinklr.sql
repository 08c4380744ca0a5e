CREATE TABLE "integration_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integration_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"shared_by" uuid NOT NULL,
	"remote_id" text,
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
ALTER TABLE "integration_shares" ADD CONSTRAINT "integration_shares_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_shares" ADD CONSTRAINT "integration_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_shares_unique" ON "integration_shares" USING btree ("integration_id","asset_id");--> statement-breakpoint
CREATE INDEX "integration_shares_asset_idx" ON "integration_shares" USING btree ("asset_id");