CREATE TABLE "advisor_decisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "advisor_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"message" text NOT NULL,
	"trade_id" bigint
);
--> statement-breakpoint
CREATE TABLE "advisor_purchases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "advisor_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"advisor_id" bigint NOT NULL,
	"trading_account_id" bigint,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advisor_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "advisor_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"advisor_id" bigint,
	"user_id" bigint NOT NULL,
	"trading_account_id" bigint NOT NULL,
	"status" text NOT NULL,
	"level" text,
	"name" text NOT NULL,
	"legs" jsonb NOT NULL,
	"limits" jsonb NOT NULL,
	"start_equity_cents" bigint NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"stop_reason" text,
	"stop_note" text,
	"stopped_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_advisors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expert_advisors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"strategy" text NOT NULL,
	"params" jsonb NOT NULL,
	"limits" jsonb NOT NULL,
	"asset_id" bigint NOT NULL,
	"price_cents" bigint NOT NULL,
	"category" text NOT NULL,
	"author" text NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image" text,
	"rating" double precision DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"autotrader" boolean DEFAULT false NOT NULL,
	"backtest" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expert_advisors_price_nonneg" CHECK ("expert_advisors"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "origin" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "origin_name" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "advisor_run_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "autotrader_level" text;--> statement-breakpoint
ALTER TABLE "advisor_decisions" ADD CONSTRAINT "advisor_decisions_run_id_advisor_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."advisor_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_purchases" ADD CONSTRAINT "advisor_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_purchases" ADD CONSTRAINT "advisor_purchases_advisor_id_expert_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."expert_advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_purchases" ADD CONSTRAINT "advisor_purchases_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_runs" ADD CONSTRAINT "advisor_runs_advisor_id_expert_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."expert_advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_runs" ADD CONSTRAINT "advisor_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_runs" ADD CONSTRAINT "advisor_runs_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_runs" ADD CONSTRAINT "advisor_runs_stopped_by_users_id_fk" FOREIGN KEY ("stopped_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_advisors" ADD CONSTRAINT "expert_advisors_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_decisions_run_idx" ON "advisor_decisions" USING btree ("run_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "advisor_purchases_user_advisor_key" ON "advisor_purchases" USING btree ("user_id","advisor_id");--> statement-breakpoint
CREATE INDEX "advisor_runs_running_idx" ON "advisor_runs" USING btree ("status") WHERE "advisor_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "advisor_runs_user_idx" ON "advisor_runs" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "advisor_runs_one_ea_key" ON "advisor_runs" USING btree ("user_id","advisor_id") WHERE "advisor_runs"."status" = 'running' and "advisor_runs"."kind" = 'ea';--> statement-breakpoint
CREATE UNIQUE INDEX "advisor_runs_one_autotrader_key" ON "advisor_runs" USING btree ("user_id") WHERE "advisor_runs"."status" = 'running' and "advisor_runs"."kind" = 'autotrader';--> statement-breakpoint
CREATE UNIQUE INDEX "expert_advisors_name_key" ON "expert_advisors" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_one_pending_autotrader_key" ON "approvals" USING btree ("object_id") WHERE "approvals"."kind" = 'autotrader' and "approvals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "trades_run_idx" ON "trades" USING btree ("advisor_run_id") WHERE "trades"."advisor_run_id" is not null;