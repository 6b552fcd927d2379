import type { BacktestSummary, ExpertAdvisorDto } from '@openbroker/domain';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { AxiosRequestConfig } from 'axios';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import { api } from '@/api/client';
import { createQueryClient, Providers } from '@/app/Providers';
import { httpError, ok } from '@/test/http';

/** Test data and a fake API for the marketplace, Algo Trader and AutoTrader tests (not app code). */

export function testBacktest(overrides: Partial<BacktestSummary> = {}): BacktestSummary {
  return {
    from: '2025-01-01T00:00:00.000Z',
    to: '2025-06-30T00:00:00.000Z',
    trades: 120,
    win_rate: 0.55,
    profit_factor: 1.42,
    max_drawdown: 0.083,
    net_profit: 1234.5,
    equity: [],
    ran_at: '2025-07-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A valid Expert Advisor as `GET /expert_advisors` sends it (it passes `expertAdvisorSchema`). */
export function testAdvisor(
  overrides: Partial<ExpertAdvisorDto> & Pick<ExpertAdvisorDto, 'id'>,
): ExpertAdvisorDto {
  return {
    name: `Advisor ${overrides.id}`,
    // i18n-ignore: test data
    description: 'Trades crossings of two moving averages.',
    amount_val: 49,
    amount: '49.00',
    image: null,
    type: 'expert_advisor',
    rating: 4.5,
    downloads: 100,
    author: 'OpenBroker Labs',
    category: 'Trend',
    features: [],
    strategy: 'Moving Average Crossover on EUR/USD, 1-hour bars',
    strategy_name: 'Moving Average Crossover',
    risks: 'Whipsaws in ranging markets.',
    symbol: 'EUR/USD',
    asset_id: 13,
    backtest: testBacktest(),
    purchased: false,
    ...overrides,
  };
}

type Answer = unknown | Error | ((config?: AxiosRequestConfig, body?: unknown) => unknown);

/** An answer that fails the call with this status and body (a plain Error fails with a 500). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

async function answer(route: Answer | undefined, url: string, config?: AxiosRequestConfig, body?: unknown) {
  // i18n-ignore: a test double's error
  if (route === undefined) throw httpError(404, { message: `no route ${url}` });
  const value: unknown = await (typeof route === 'function' ? route(config, body) : route);
  if (value instanceof ApiFailure) throw httpError(value.status, value.body);
  if (value instanceof Error) throw httpError(500, { message: value.message });
  return ok(value);
}

/**
 * Fakes `api.get` and `api.post` by path. Values are sent as they are (give the envelope); a
 * function is called per request (with the request config, and the body for POSTs) and may return
 * a promise to hold the answer open.
 */
export function fakeApi(gets: Record<string, Answer>, posts: Record<string, Answer> = {}) {
  const get = vi
    .spyOn(api, 'get')
    .mockImplementation(async (url: string, config?: AxiosRequestConfig) => answer(gets[url], url, config));
  const post = vi
    .spyOn(api, 'post')
    .mockImplementation(async (url: string, body?: unknown, config?: AxiosRequestConfig) =>
      answer(posts[url], url, config, body),
    );
  return { get, post };
}

const clients = new Set<QueryClient>();
afterEach(() => {
  for (const client of clients) client.clear();
  clients.clear();
  vi.restoreAllMocks();
});

/** Renders `element` at `path` (its route `pattern`) with the app's providers; failed queries are not retried. */
export function renderAt(element: ReactElement, path: string, pattern = path.split('?')[0] ?? '/') {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  clients.add(queryClient);
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, queryClient, ...view };
}
