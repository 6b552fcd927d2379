CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"color" text DEFAULT 'other' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_requests" (
	"trading_account_id" bigint NOT NULL,
	"client_order_id" text NOT NULL,
	"trade_id" bigint NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_requests_trading_account_id_client_order_id_pk" PRIMARY KEY("trading_account_id","client_order_id")
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"trading_account_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"asset_id" bigint NOT NULL,
	"side" text NOT NULL,
	"order_type" text DEFAULT 'market' NOT NULL,
	"status" text NOT NULL,
	"lots" double precision NOT NULL,
	"units" double precision NOT NULL,
	"contract_size" double precision NOT NULL,
	"leverage" integer NOT NULL,
	"entry_price" double precision,
	"opening_price" double precision,
	"closing_price" double precision,
	"take_profit" double precision,
	"stop_loss" double precision,
	"margin_cents" bigint DEFAULT 0 NOT NULL,
	"pnl_cents" bigint,
	"close_reason" text,
	"parent_id" bigint,
	"expires_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trades_lots_positive" CHECK ("trades"."lots" > 0),
	CONSTRAINT "trades_margin_nonneg" CHECK ("trades"."margin_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "trade_id" bigint;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "margin_call_level" double precision DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "stop_out_level" double precision DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "trades_account_status_idx" ON "trades" USING btree ("trading_account_id","status","id");--> statement-breakpoint
CREATE INDEX "trades_live_idx" ON "trades" USING btree ("status") WHERE "trades"."status" in ('open', 'pending');