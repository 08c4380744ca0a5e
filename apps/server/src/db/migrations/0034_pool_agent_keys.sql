ALTER TABLE "cloud_pool_machines" ADD COLUMN "agent_key_hash" text;--> statement-breakpoint
ALTER TABLE "cloud_pool_machines" ADD COLUMN "agent_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cloud_pool_machines" ADD CONSTRAINT "cloud_pool_machines_agent_key_hash_unique" UNIQUE("agent_key_hash");