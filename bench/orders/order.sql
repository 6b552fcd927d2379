-- pgbench script: the SQL of one POST /api/v1/trades/store (market buy, no client_order_id), as
-- the server sends it (captured from drizzle's query log): the auth hook's session lookup, then
-- the order's transaction (the accounts owner's lock returns the owner's plan in the same statement). Run with -M prepared and
--   -D first_user=<id> -D last_user=<id> -D asset=<BTCUSD id>
-- Differences from the server, all in pgbench's favour or neutral:
--   * the session is named through bench_order_tokens (user id -> token digest) in a subquery,
--     since pgbench cannot pick random strings; the server binds the digest as a parameter;
--   * expires_at > now() and opened_at = now() where the server binds its clock's time;
--   * the trade's constant values are literals where the server binds parameters.
\set uid random(:first_user, :last_user)
select "sessions"."id", "sessions"."last_used_at", "users"."id", "users"."email", "users"."username", "users"."password_hash", "users"."role", "users"."status", "users"."first_name", "users"."last_name", "users"."phone", "users"."country_code", "users"."country", "users"."nationality", "users"."avatar", "users"."plan_id", "users"."autotrader", "users"."last_seen_at", "users"."created_at", "users"."updated_at"
  from "sessions" inner join "users" on "users"."id" = "sessions"."user_id"
  where ("sessions"."token_hash" = (select token_hash from bench_order_tokens where user_id = :uid) and "sessions"."revoked_at" is null and "sessions"."expires_at" > now())
  limit 1;
begin;
update "trading_accounts" set "revision" = "trading_accounts"."revision" + 1
  where ("trading_accounts"."id" = (select id from "trading_accounts" where "trading_accounts"."user_id" = :uid order by id limit 1) and "trading_accounts"."user_id" = :uid)
  returning "id", "user_id", "number", "title", "currency", "balance_cents", "credit_cents", "revision", "created_at", (select "users"."plan_id" from "users" where "users"."id" = "trading_accounts"."user_id")
\gset acct_
select "id", "trading_account_id", "user_id", "asset_id", "side", "order_type", "status", "lots", "units", "contract_size", "leverage", "entry_price", "opening_price", "closing_price", "take_profit", "stop_loss", "margin_cents", "pnl_cents", "close_reason", "parent_id", "expires_at", "opened_at", "closed_at", "created_at"
  from "trades"
  where ("trades"."trading_account_id" = :acct_id and "trades"."status" = 'open')
  order by "trades"."id" asc;
insert into "trades" ("id", "trading_account_id", "user_id", "asset_id", "side", "order_type", "status", "lots", "units", "contract_size", "leverage", "entry_price", "opening_price", "closing_price", "take_profit", "stop_loss", "margin_cents", "pnl_cents", "close_reason", "parent_id", "expires_at", "opened_at", "closed_at", "created_at")
  values (default, :acct_id, :uid, :asset, 'buy', 'market', 'open', 0.01, 0.01, 1, 100, default, 95053.77, default, null, null, 951, default, default, default, default, now(), default, default)
  returning "id", "trading_account_id", "user_id", "asset_id", "side", "order_type", "status", "lots", "units", "contract_size", "leverage", "entry_price", "opening_price", "closing_price", "take_profit", "stop_loss", "margin_cents", "pnl_cents", "close_reason", "parent_id", "expires_at", "opened_at", "closed_at", "created_at";
commit;
