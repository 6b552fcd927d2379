import type { AdminInstrument, AdminPlan, Permission } from '@openbroker/domain';
import { listStrategies } from '@openbroker/domain';
import type { AxiosResponse } from 'axios';
import { vi } from 'vitest';
import { api } from '@/api/client';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { ok } from '@/test/http';
import type { AdminAdvisor, AdminRun } from './queries';

// Fixtures and request stubs shared by this feature's tests.

export const EURUSD: AdminInstrument = {
  id: 5,
  symbol: 'EURUSD',
  symbol_display: 'EUR/USD',
  sy: 'EUR/USD',
  name: 'Euro / US Dollar',
  type: 'forex',
  category: 'Majors',
  base_currency: 'EUR',
  quote_currency: 'USD',
  reference_price: 1.1,
  buy_spread: 0.0001,
  sell_spread: 0.0001,
  leverage: null,
  contract_size: 100_000,
  decimals: 5,
  display_digits: null,
  exchange_zone: 'UTC',
  sessions: null,
  default_hours: '24/5',
  enabled: true,
  rate: 1.1,
  bid: 1.09989,
  ask: 1.10011,
  is_open: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

export function plan(id: number, title: string): AdminPlan {
  return {
    id,
    title,
    color: '#2563eb',
    icon: null,
    image: null,
    leverage: 100,
    margin_call_level: 100,
    stop_out_level: 50,
    rank: id,
    recommended: false,
    eas: [],
    features: [],
    customers: 0,
  };
}

export const ADVISOR: AdminAdvisor = {
  id: 7,
  name: 'Golden Cross EURUSD',
  // i18n-ignore: test data
  description: 'Follows the trend on moving-average crosses.',
  strategy: 'ma_crossover',
  strategy_name: 'Moving Average Crossover',
  summary: 'Moving Average Crossover on EUR/USD, 1-minute bars',
  params: {
    timeframeSec: 60,
    fast: 10,
    slow: 30,
    maType: 'sma',
    lots: 0.1,
    exitUnit: 'percent',
    stopLoss: 0,
    takeProfit: 0,
  },
  limits: { maxLots: 1, maxOpenPositions: 2, equityStopPct: 20, closeOnEquityStop: true, hours: null },
  asset_id: 5,
  symbol: 'EUR/USD',
  price: 49,
  category: 'Trend',
  author: 'OpenBroker',
  features: ['Trend following'],
  image: null,
  plan_ids: [1],
  active: true,
  autotrader: false,
  downloads: 120,
  rating: 4.5,
  backtest: {
    from: '2026-01-01T00:00:00.000Z',
    to: '2026-01-31T00:00:00.000Z',
    trades: 40,
    win_rate: 0.55,
    profit_factor: 1.4,
    max_drawdown: 0.08,
    net_profit: 812.5,
    equity: [],
    ran_at: '2026-02-01T00:00:00.000Z',
  },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

export function run(overrides: Partial<AdminRun> = {}): AdminRun {
  return {
    id: 31,
    kind: 'ea',
    expert_advisor_id: 7,
    name: 'Golden Cross EURUSD',
    user_id: 12,
    account_id: 40,
    status: 'running',
    level: null,
    started_at: '2026-02-02T09:00:00.000Z',
    stopped_at: null,
    stop_reason: null,
    stop_note: null,
    open_positions: 2,
    pnl_today: -12.5,
    currency: 'USD',
    user_name: 'Grace Hopper',
    email: 'grace@example.com',
    account_number: '10000040',
    ...overrides,
  };
}

export const page = <T>(data: T[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length },
  links: { next: null, prev: null },
});

/** Signs in a staff member with exactly these permissions. */
export function signInStaff(permissions: Permission[]) {
  useSessionStore.setState({
    user: sessionUser({ id: 5, role: 'staff', staff_roles: ['admin'], permissions }),
  });
}

/** Answers the back office's GETs by path; anything else fails the way an unknown route would. */
export function stubGets(routes: Record<string, unknown>) {
  return vi.spyOn(api, 'get').mockImplementation(async (url: string): Promise<AxiosResponse> => {
    if (url in routes) return ok(routes[url]);
    throw new Error(`unexpected GET ${url}`);
  });
}

/** The catalogue page's GETs: one advisor, the real strategies, two plans, one instrument. */
export function catalogueRoutes(advisors: AdminAdvisor[] = [ADVISOR]): Record<string, unknown> {
  return {
    '/admin/expert_advisors': { data: advisors },
    '/admin/strategies': { data: listStrategies() },
    '/admin/plans': { data: { plans: [plan(1, 'Basic'), plan(2, 'Pro')], plan_features: [] } },
    '/admin/instruments': page([EURUSD]),
    '/admin/instruments/5': { data: EURUSD },
  };
}
