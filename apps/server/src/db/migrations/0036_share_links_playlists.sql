CREATE TABLE "share_link_items" (
	"link_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "share_link_items_link_id_asset_id_pk" PRIMARY KEY("link_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "share_watermarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"viewer_email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"blob_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "share_link_views" ADD COLUMN "viewer_email" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "kind" text DEFAULT 'asset' NOT NULL;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "token_sealed" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "watermark" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "share_link_items" ADD CONSTRAINT "share_link_items_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_items" ADD CONSTRAINT "share_link_items_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_watermarks" ADD CONSTRAINT "share_watermarks_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_watermarks" ADD CONSTRAINT "share_watermarks_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_link_items_asset_idx" ON "share_link_items" USING btree ("asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_watermarks_viewer_idx" ON "share_watermarks" USING btree ("link_id","asset_id","viewer_email");--> statement-breakpoint
CREATE INDEX "share_links_project_idx" ON "share_links" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);