CREATE TABLE "crypto_wallets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crypto_wallets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"trading_account_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"chain" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"path" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"trading_account_id" bigint NOT NULL,
	"method" text NOT NULL,
	"method_key" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"provider_ref" text,
	"redirect_url" text,
	"card_last4" text,
	"card_brand" text,
	"wallet_id" bigint,
	"crypto_amount" text,
	"confirmations" integer,
	"required_confirmations" integer,
	"reference" text,
	"proof_file" text,
	"proof_name" text,
	"proof_mime" text,
	"reason_code" text,
	"reason" text,
	"decided_by" bigint,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_nonneg" CHECK ("deposits"."amount_cents" >= 0 and "deposits"."fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer DEFAULT 200 NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"deposit_id" bigint,
	"withdrawal_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"label" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"currencies" jsonb DEFAULT '["USD","EUR","GBP"]'::jsonb NOT NULL,
	"min_cents" bigint DEFAULT 1000 NOT NULL,
	"max_cents" bigint,
	"fee_bps" integer DEFAULT 0 NOT NULL,
	"fee_fixed_cents" bigint DEFAULT 0 NOT NULL,
	"withdrawals_enabled" boolean DEFAULT true NOT NULL,
	"withdrawal_fee_bps" integer DEFAULT 0 NOT NULL,
	"withdrawal_fee_fixed_cents" bigint DEFAULT 0 NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_txs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_chain_txs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain" text NOT NULL,
	"coin" text NOT NULL,
	"address" text NOT NULL,
	"txid" text NOT NULL,
	"vout" integer DEFAULT 0 NOT NULL,
	"amount" text NOT NULL,
	"block_height" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "savings_positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "savings_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"trading_account_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"currency" text NOT NULL,
	"principal_cents" bigint NOT NULL,
	"accrued_cents" bigint DEFAULT 0 NOT NULL,
	"carry_remainder" bigint DEFAULT 0 NOT NULL,
	"annual_rate_bps" integer NOT NULL,
	"term_days" integer,
	"accrued_through" date,
	"started_at" timestamp with time zone NOT NULL,
	"matures_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savings_positions_principal_positive" CHECK ("savings_positions"."principal_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "savings_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "savings_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"annual_rate_bps" integer NOT NULL,
	"term_days" integer,
	"min_cents" bigint DEFAULT 10000 NOT NULL,
	"max_cents" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"from_account_id" bigint NOT NULL,
	"to_account_id" bigint NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"from_amount_cents" bigint NOT NULL,
	"to_amount_cents" bigint NOT NULL,
	"rate" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"trading_account_id" bigint NOT NULL,
	"method" text NOT NULL,
	"method_key" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"destination" jsonb NOT NULL,
	"approvals_required" integer DEFAULT 1 NOT NULL,
	"first_approved_by" bigint,
	"first_approved_at" timestamp with time zone,
	"approved_by" bigint,
	"approved_at" timestamp with time zone,
	"provider_ref" text,
	"reason_code" text,
	"reason" text,
	"decided_by" bigint,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_cents" > 0 and "withdrawals"."fee_cents" >= 0),
	CONSTRAINT "withdrawals_four_eyes" CHECK ("withdrawals"."approved_by" is null or "withdrawals"."first_approved_by" is null or "withdrawals"."approved_by" <> "withdrawals"."first_approved_by")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "book" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "ref_type" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "ref_id" bigint;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "account_currencies" jsonb DEFAULT '["USD","EUR","GBP"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "demo_balance_cents" bigint DEFAULT 1000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "withdrawal_two_level_cents" bigint DEFAULT 500000 NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "kind" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "crypto_wallets" ADD CONSTRAINT "crypto_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_wallets" ADD CONSTRAINT "crypto_wallets_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_wallet_id_crypto_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."crypto_wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_positions" ADD CONSTRAINT "savings_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_positions" ADD CONSTRAINT "savings_positions_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_positions" ADD CONSTRAINT "savings_positions_product_id_savings_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."savings_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_account_id_trading_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_account_id_trading_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_wallets_chain_index" ON "crypto_wallets" USING btree ("chain","derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_wallets_address" ON "crypto_wallets" USING btree ("chain","address");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_wallets_owner" ON "crypto_wallets" USING btree ("user_id","trading_account_id","coin","network");--> statement-breakpoint
CREATE INDEX "crypto_wallets_user_idx" ON "crypto_wallets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","method");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_provider_ref" ON "deposits" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_chain_txs_txid" ON "sandbox_chain_txs" USING btree ("txid","vout");--> statement-breakpoint
CREATE INDEX "sandbox_chain_txs_address_idx" ON "sandbox_chain_txs" USING btree ("chain","address");--> statement-breakpoint
CREATE INDEX "savings_positions_user_idx" ON "savings_positions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "savings_positions_active_idx" ON "savings_positions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "transfers_user_idx" ON "transfers" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status");--> statement-breakpoint
CREATE INDEX "ledger_entries_ref_idx" ON "ledger_entries" USING btree ("ref_type","ref_id");--> statement-breakpoint
UPDATE "ledger_entries" AS le SET "currency" = ta."currency", "book" = ta."kind" FROM "trading_accounts" AS ta WHERE le."trading_account_id" = ta."id";--> statement-breakpoint
UPDATE "ledger_entries" AS h SET "currency" = c."currency", "book" = c."book" FROM "ledger_entries" AS c WHERE h."txn_id" = c."txn_id" AND c."trading_account_id" IS NOT NULL AND h."trading_account_id" IS NULL;
