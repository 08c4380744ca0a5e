CREATE TABLE "device_logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_code_hash" text NOT NULL,
	"user_code_hash" text NOT NULL,
	"device_name" text NOT NULL,
	"request_ip" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" uuid,
	"token_id" uuid,
	"token_sealed" text,
	"poll_interval" integer NOT NULL,
	"last_polled_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_logins_device_code_hash_unique" UNIQUE("device_code_hash"),
	CONSTRAINT "device_logins_user_code_hash_unique" UNIQUE("user_code_hash")
);
--> statement-breakpoint
ALTER TABLE "device_logins" ADD CONSTRAINT "device_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_logins" ADD CONSTRAINT "device_logins_token_id_personal_access_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."personal_access_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_logins_expires_idx" ON "device_logins" USING btree ("expires_at");