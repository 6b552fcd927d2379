import { type AccountSummaryResponse, centsToAmount, type Trade, toCents } from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import { type AccountRow, userAccount } from '../accounts/repo.ts';
import { presentTrade } from './present.ts';
import { lifetimePnlCents, openPositions, PAGE_SIZE, pageOfTrades, type TradeRow } from './repo.ts';
import { exposures, summarize } from './valuation.ts';

export interface Page<T> {
  data: T[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
  links: { next: string | null; prev: string | null };
}

/** What a customer reads of their trading: paged trade lists and the account summary (SPEC §3, §7). */
export function createTradingReads(deps: { db: Db; market: MarketData }) {
  const { db, market } = deps;

  async function account(userId: number, accountId: number | undefined): Promise<AccountRow> {
    const row = await userAccount(db, userId, accountId);
    if (!row) throw new AppError('NOT_FOUND', 'No such trading account.');
    return row;
  }

  return {
    /** One page in the Laravel paginator shape (DESIGN §4); `path` builds the next/prev links. */
    async page(
      userId: number,
      accountId: number | undefined,
      statuses: TradeRow['status'][],
      page: number,
      path: string,
    ): Promise<Page<Trade>> {
      const acct = await account(userId, accountId);
      const { rows, total } = await pageOfTrades(db, acct.id, statuses, page);
      const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
      const link = (n: number) =>
        `${path}?page=${n}${accountId === undefined ? '' : `&account_id=${accountId}`}`;
      return {
        data: rows.map((r) => presentTrade(r, market, acct.currency)),
        meta: { current_page: page, last_page: lastPage, per_page: PAGE_SIZE, total },
        links: { next: page < lastPage ? link(page + 1) : null, prev: page > 1 ? link(page - 1) : null },
      };
    },

    /** SPEC §3 account summary at the latest prices; amounts rounded to the cent. */
    async summary(userId: number, accountId: number | undefined): Promise<AccountSummaryResponse> {
      const acct = await account(userId, accountId);
      const [positions, lifetime] = await Promise.all([
        openPositions(db, acct.id),
        lifetimePnlCents(db, acct.id),
      ]);
      const s = summarize(acct, exposures(market, acct, positions));
      const cents = (x: number) => centsToAmount(toCents(x));
      return {
        account_id: acct.id,
        currency: acct.currency,
        balance: s.balance,
        credit: s.credit,
        equity: cents(s.equity),
        margin: cents(s.margin),
        marginLevel: Number.isFinite(s.marginLevel) ? s.marginLevel : null,
        freeMargin: cents(s.freeMargin),
        pnl: cents(s.pnl),
        lifetimePnl: centsToAmount(lifetime),
      };
    },
  };
}
export type TradingReads = ReturnType<typeof createTradingReads>;
