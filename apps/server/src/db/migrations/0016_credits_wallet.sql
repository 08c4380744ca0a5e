CREATE TABLE "credit_balances" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"balance_paise" bigint DEFAULT 0 NOT NULL,
	"entries_count" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_balances_balance_check" CHECK ("credit_balances"."balance_paise" >= 0),
	CONSTRAINT "credit_balances_entries_check" CHECK ("credit_balances"."entries_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"balance_after_paise" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"reason" text NOT NULL,
	"ref_type" text,
	"ref_id" text,
	"refund_of" uuid,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_kind_sign_check" CHECK (("credit_ledger"."kind" in ('purchase', 'refund') and "credit_ledger"."amount_paise" > 0) or ("credit_ledger"."kind" = 'spend' and "credit_ledger"."amount_paise" < 0) or ("credit_ledger"."kind" = 'adjustment' and "credit_ledger"."amount_paise" <> 0)),
	CONSTRAINT "credit_ledger_balance_after_check" CHECK ("credit_ledger"."balance_after_paise" >= 0),
	CONSTRAINT "credit_ledger_refund_check" CHECK (("credit_ledger"."kind" = 'refund') = ("credit_ledger"."refund_of" is not null))
);
--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_team_key" ON "credit_ledger" USING btree ("team_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_team_seq" ON "credit_ledger" USING btree ("team_id","seq");--> statement-breakpoint
CREATE INDEX "credit_ledger_refund_of_idx" ON "credit_ledger" USING btree ("refund_of");--> statement-breakpoint
CREATE FUNCTION "credit_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'credit_ledger is append-only'; END; $$;
--> statement-breakpoint
CREATE TRIGGER "credit_ledger_no_update" BEFORE UPDATE ON "credit_ledger" FOR EACH ROW EXECUTE FUNCTION "credit_ledger_append_only"();
