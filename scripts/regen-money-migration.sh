#!/usr/bin/env bash
# Issue 14 development aid: regenerates migration 0009 from the current schema (serialised, so
# several people changing money tables at once end up with one migration), then re-appends the
# data fix that gives existing ledger rows their account's currency.
set -euo pipefail
cd "$(dirname "$0")/../apps/server"
exec 9>/tmp/openbroker-migration.lock
flock 9
rm -f src/db/migrations/0009_money.sql src/db/migrations/meta/0009_snapshot.json
python3 - <<'PY'
import json
p = 'src/db/migrations/meta/_journal.json'
j = json.load(open(p))
j['entries'] = [e for e in j['entries'] if e['idx'] < 9]
json.dump(j, open(p, 'w'), indent=2)
open(p, 'a').write('\n')
PY
npx drizzle-kit generate --name money >/dev/null
cat >> src/db/migrations/0009_money.sql <<'SQL'
--> statement-breakpoint
UPDATE "ledger_entries" AS le SET "currency" = ta."currency", "book" = ta."kind" FROM "trading_accounts" AS ta WHERE le."trading_account_id" = ta."id";--> statement-breakpoint
UPDATE "ledger_entries" AS h SET "currency" = c."currency", "book" = c."book" FROM "ledger_entries" AS c WHERE h."txn_id" = c."txn_id" AND c."trading_account_id" IS NOT NULL AND h."trading_account_id" IS NULL;
SQL
echo "0009_money regenerated"
