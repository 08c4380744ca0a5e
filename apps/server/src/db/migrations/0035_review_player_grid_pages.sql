CREATE TABLE "user_asset_views" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"view" text DEFAULT 'list' NOT NULL,
	"card_size" smallint DEFAULT 220 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "sprite_key" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "sprite_info" jsonb;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "page_count" integer;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "pages_key" text;--> statement-breakpoint
ALTER TABLE "asset_comments" ADD COLUMN "frame_out" integer;--> statement-breakpoint
ALTER TABLE "user_asset_views" ADD CONSTRAINT "user_asset_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_sprite_key_idx" ON "assets" USING btree ("sprite_key") WHERE "assets"."sprite_key" is not null;