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
CREATE TABLE "invoice_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_serial" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"parties" jsonb NOT NULL,
	CONSTRAINT "invoices_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "invoices_number_length" CHECK (char_length("invoices"."number") <= 16)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"payment_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"purpose" jsonb NOT NULL,
	"description" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"amount_paise" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"gst" jsonb NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider_order_id" text,
	"provider_payment_id" text,
	"failure_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp (3) with time zone,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."taxable_paise" > 0 and "payments"."tax_paise" >= 0 and "payments"."amount_paise" = "payments"."taxable_paise" + "payments"."tax_paise"),
	CONSTRAINT "payments_paid_at_check" CHECK (("payments"."status" = 'paid') = ("payments"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_team_key" ON "credit_ledger" USING btree ("team_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_team_seq" ON "credit_ledger" USING btree ("team_id","seq");--> statement-breakpoint
CREATE INDEX "credit_ledger_refund_of_idx" ON "credit_ledger" USING btree ("refund_of");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_serial" ON "invoices" USING btree ("financial_year","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_team_key" ON "payments" USING btree ("team_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_order" ON "payments" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE INDEX "payments_team_created_idx" ON "payments" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE FUNCTION "credit_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'credit_ledger is append-only'; END; $$;
--> statement-breakpoint
CREATE TRIGGER "credit_ledger_no_update" BEFORE UPDATE ON "credit_ledger" FOR EACH ROW EXECUTE FUNCTION "credit_ledger_append_only"();
