CREATE TABLE "cloud_usage_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" text,
	"team_id" uuid NOT NULL,
	"project_id" uuid,
	"task_id" uuid,
	"user_id" uuid,
	"hardware" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"psc" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_usage_records_source_id_unique" UNIQUE("source_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_purchases" (
	"key" text PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid,
	"purpose" text NOT NULL,
	"plan_code" text,
	"months" integer,
	"storage_gb" integer,
	"amount" numeric(14, 2) NOT NULL,
	"paid_with" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_subscriptions" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"renewal_date" timestamp with time zone,
	"storage_added_gb" integer DEFAULT 0 NOT NULL,
	"pending_plan_code" text,
	"pending_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_subscriptions_storage_added_check" CHECK ("team_subscriptions"."storage_added_gb" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cloud_usage_records" ADD CONSTRAINT "cloud_usage_records_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_usage_records" ADD CONSTRAINT "cloud_usage_records_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_usage_records" ADD CONSTRAINT "cloud_usage_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_purchases" ADD CONSTRAINT "subscription_purchases_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_purchases" ADD CONSTRAINT "subscription_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_subscriptions" ADD CONSTRAINT "team_subscriptions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloud_usage_team_started_idx" ON "cloud_usage_records" USING btree ("team_id","started_at");