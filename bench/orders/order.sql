-- pgbench script: the SQL of one POST /api/v1/trades/store (market buy, no client_order_id), as
-- the server sends it since issue 17 (the statement texts of accounts/repo.ts
-- `lockUserAccountWithTotals` and trading/repo.ts `insertTrade`, both prepared). Run with
-- -M prepared and
--   -D first_user=<id> -D last_user=<id> -D asset=<BTCUSD id>
-- The order's transaction: the accounts owner's lock, which returns the owner's plan and the
-- account's open positions summed per instrument and side (for the free-margin check) in the same
-- statement; then the insert, returning only the generated id and creation time.
-- Differences from the server, all in pgbench's favour or neutral:
--   * no session lookup: the server keeps live sessions in memory for 3 s (auth/sessionCache.ts)
--     and looks a bearer token up at most once per 3 s (with 500 customers, at most ~167 lookups/s);
--   * the account id comes from the lock's result (\aset) as in the server; opened_at = now() where
--     the server binds its clock's time; the trade's constant values are literals where the server
--     binds parameters.
\set uid random(:first_user, :last_user)
begin;
with a as (
    update trading_accounts set revision = revision + 1
    where id = coalesce(null::bigint, (select id from trading_accounts where user_id = :uid order by id limit 1))
      and user_id = :uid
    returning id, user_id, number, title, kind, currency, balance_cents, credit_cents, revision, created_at,
      (select plan_id from users where users.id = trading_accounts.user_id) as plan_id
  )
  select a.id::text as id, a.user_id::text as user_id, a.number, a.title, a.kind, a.currency,
    a.balance_cents::text as balance_cents, a.credit_cents::text as credit_cents, a.revision::text as revision,
    a.created_at, a.plan_id::text as plan_id,
    (select s.revision from trading_accounts s where s.id = a.id)::text as seen_revision,
    t.asset_id, t.side, t.n, t.units, t.units_price, t.margin_cents
  from a left join lateral (select asset_id::text as asset_id, side, count(*)::int as n, sum(units) as units,
    sum(units * opening_price) as units_price, sum(margin_cents)::text as margin_cents
  from trades where trading_account_id = a.id and status = 'open' group by asset_id, side) t on true
\aset acct_
insert into trades (trading_account_id, user_id, asset_id, side, order_type, status, lots, units, contract_size, leverage, entry_price, opening_price, closing_price, take_profit, stop_loss, margin_cents, pnl_cents, close_reason, parent_id, origin, origin_name, advisor_run_id, expires_at, opened_at, closed_at, created_at)
  values (:acct_id, :uid, :asset, 'buy', 'market', 'open', 0.01, 0.01, 1, 100, null, 95053.77, null, null, null, 951, null, null, null, 'user', null, null, null, now(), null, coalesce(null::timestamptz, now()))
  returning id::text as id, created_at;
commit;
