import type { AccountSummaryResponse, Trade } from '@openbroker/domain';
import { vi } from 'vitest';
import { api } from '@/api/client';
import type { SharedData } from '@/api/sharedData';
import type { TradePage } from '@/api/trading';
import { ok } from '@/test/http';

/** Test data and a fake API for the positions, header and dashboard tests (not app code). */

/** A valid open trade (it passes `tradeSchema`), with any field overridable. */
export function testTrade(overrides: Partial<Trade> & Pick<Trade, 'id'>): Trade {
  return {
    trade_id: String(overrides.id),
    account_id: 1,
    trade_type: 'buy',
    order_type: 'market',
    status: 'open',
    asset_id: 13,
    asset_symbol: 'EURUSD',
    asset_name: 'Euro / US Dollar',
    volume: 1,
    units: 100_000,
    contract_size: 100_000,
    margin: 1_080,
    leverage: 100,
    entry_price: null,
    opening_price: 1.08,
    closing_price: 1.08,
    take_profit: 0,
    stop_loss: 0,
    pnl: 0,
    open_time: '2025-01-02T10:00:00.000Z',
    close_time: null,
    close_reason: null,
    expires_at: null,
    created_at: '2025-01-02T10:00:00.000Z',
    origin: 'user',
    origin_name: null,
    ...overrides,
  };
}

export function tradePage(trades: Trade[], page = 1, lastPage = 1, total?: number): TradePage {
  return {
    data: trades,
    meta: { current_page: page, last_page: lastPage, per_page: 20, total: total ?? trades.length },
    links: { next: page < lastPage ? `/page/${page + 1}` : null, prev: null },
  };
}

export function testSummary(overrides: Partial<AccountSummaryResponse> = {}): AccountSummaryResponse {
  return {
    account_id: 1,
    currency: 'USD',
    balance: 10_000,
    credit: 0,
    equity: 10_000,
    margin: 0,
    marginLevel: null,
    freeMargin: 10_000,
    pnl: 0,
    lifetimePnl: 0,
    ...overrides,
  };
}

export const TEST_SHARED_DATA: SharedData = {
  currencies: [
    { code: 'USD', symbol: '$', rate: 1 },
    { code: 'EUR', symbol: '€', rate: 0.8 },
    { code: 'JPY', symbol: '¥', rate: 150 },
  ],
  plans: [
    {
      id: 1,
      title: 'Basic', // i18n-ignore
      color: '#64748b',
      icon: 'shield',
      image: null,
      leverage: 100,
      recommended: false,
      features: ['$250', '1:100', 'Not included'],
    },
    {
      id: 2,
      title: 'Pro', // i18n-ignore
      color: '#2563eb',
      icon: 'rocket',
      image: null,
      leverage: 200,
      recommended: true,
      features: ['$5,000', '1:200', 'Included'],
    },
    {
      id: 3,
      title: 'VIP', // i18n-ignore
      color: '#d4a017',
      icon: 'crown',
      image: null,
      leverage: 500,
      recommended: false,
      features: ['$25,000', '1:500'],
    },
  ],
  plan_features: [
    { id: 1, title: 'Minimum deposit' }, // i18n-ignore
    { id: 2, title: 'Maximum leverage' }, // i18n-ignore
    { id: 3, title: 'Expert Advisors' }, // i18n-ignore
  ],
};

export interface FakeApi {
  /** Pages of open trades, by page number (1-based); one empty page when omitted. */
  open?: TradePage[];
  closed?: TradePage[];
  summary?: AccountSummaryResponse | ((accountId: number | undefined) => AccountSummaryResponse);
  shared?: SharedData;
  candles?: unknown[];
}

interface Params {
  page?: number;
  account_id?: number;
  interval?: string;
}

function paramsOf(config: unknown): Params {
  if (typeof config !== 'object' || config === null || !('params' in config)) return {};
  const { params } = config;
  return typeof params === 'object' && params !== null ? params : {};
}

/** Answers the app's GET calls from `data`; returns the spy to inspect what was asked. */
export function fakeApi(data: FakeApi) {
  const pageOf = (pages: TradePage[] | undefined, n: number | undefined): TradePage =>
    pages?.[(n ?? 1) - 1] ?? tradePage([]);
  return vi.spyOn(api, 'get').mockImplementation(async (url: string, config?: unknown) => {
    const params = paramsOf(config);
    if (url === '/open/trades') return ok(pageOf(data.open, params.page));
    if (url === '/closed/trades') return ok(pageOf(data.closed, params.page));
    if (url === '/account/summary') {
      const s = typeof data.summary === 'function' ? data.summary(params.account_id) : data.summary;
      return ok({ data: s ?? testSummary() });
    }
    if (url === '/shared-data') return ok({ data: data.shared ?? TEST_SHARED_DATA });
    if (url.endsWith('/candles')) return ok({ data: data.candles ?? [], interval: params.interval });
    throw new Error(`Unexpected GET ${url}`);
  });
}
