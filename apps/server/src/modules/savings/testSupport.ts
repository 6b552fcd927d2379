import type { HouseAccount, LedgerKind } from '@openbroker/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ledgerEntries } from '../../db/schema.ts';
import type { TradingContext } from '../../test/trading.ts';
import { createAccountsService } from '../accounts/service.ts';
import { createTradingReference } from '../plans/reference.ts';
import { createSettingsService } from '../settings/service.ts';
import { createSavingsAccrual } from './accrual.ts';

/**
 * The accounts owner and the savings accrual job built as the app builds them, on the test app's
 * database, bus and clock: tests run the job by hand and book ledger entries directly.
 */
export function moneyTestServices(t: TradingContext) {
  const db = t.database.db;
  const bus = t.app.bus;
  const settings = createSettingsService({ db, clock: t.clock, bus });
  const reference = createTradingReference({ db, bus, settings });
  const accounts = createAccountsService({ db, bus, levels: reference.levels });
  const accrual = createSavingsAccrual({ db, clock: t.clock, bus, accounts, log: t.app.log });

  /** Books a balance change of a customer's account against a house account, as other modules do. */
  async function book(
    accountId: number,
    cents: bigint,
    kind: LedgerKind,
    house: HouseAccount,
  ): Promise<void> {
    await accounts.transaction(async (work) => {
      await work.lockOne(accountId);
      await work.post({
        tradingAccountId: accountId,
        field: 'balance',
        amountCents: cents,
        houseAccount: house,
        kind,
        reason: `test ${kind}`,
        createdBy: null,
      });
    });
  }

  /** The sum of a house account's entries (in the live book, one currency). */
  async function houseTotal(house: HouseAccount, currency = 'USD'): Promise<bigint> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.houseAccount, house),
          eq(ledgerEntries.currency, currency),
          eq(ledgerEntries.book, 'live'),
          isNull(ledgerEntries.tradingAccountId),
        ),
      );
    return BigInt(row?.total ?? '0');
  }

  return { accounts, accrual, book, houseTotal };
}
