CREATE TABLE "asset_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"shared_with_user_id" uuid NOT NULL,
	"shared_by_user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_state" ADD COLUMN "email_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_state" ADD COLUMN "digest_sent_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "asset_shares" ADD CONSTRAINT "asset_shares_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_shares" ADD CONSTRAINT "asset_shares_shared_with_user_id_users_id_fk" FOREIGN KEY ("shared_with_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_shares" ADD CONSTRAINT "asset_shares_shared_by_user_id_users_id_fk" FOREIGN KEY ("shared_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_shares_asset_user_idx" ON "asset_shares" USING btree ("asset_id","shared_with_user_id");--> statement-breakpoint
CREATE INDEX "asset_shares_tray_idx" ON "asset_shares" USING btree ("shared_with_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_state_digest_idx" ON "notification_state" USING btree ("digest_sent_at") WHERE "notification_state"."email_digest";