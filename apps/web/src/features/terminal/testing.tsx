import type { Trade } from '@openbroker/domain';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { AxiosResponse } from 'axios';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Asset } from '@/api/assets';
import { api } from '@/api/client';
import type { TradePage } from '@/api/trading';
import { createQueryClient, Providers } from '@/app/Providers';
import { testAsset } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { priceStore } from '@/stores/priceStore';
import { httpError, ok } from '@/test/http';

/**
 * happy-dom lays nothing out, so every element measures 0 × 0 and a virtualizer would show no
 * window at all. Called in a `describe`, this gives elements a size for each of its tests.
 */
export function stubLayout(height = 600, width = 320): void {
  const restore: (() => void)[] = [];
  beforeEach(() => {
    for (const [prop, value] of [
      ['clientHeight', height],
      ['clientWidth', width],
      ['offsetHeight', height],
      ['offsetWidth', width],
    ] as const) {
      const previous = Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop);
      Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value });
      restore.push(() => {
        if (previous) Object.defineProperty(HTMLElement.prototype, prop, previous);
        else Reflect.deleteProperty(HTMLElement.prototype, prop);
      });
    }
  });
  afterEach(() => {
    for (const undo of restore.splice(0).reverse()) undo();
  });
}

/** `n` forex instruments SYM1…SYMn ("S1/USD"…) with distinct rates. */
export function manyAssets(n: number): Asset[] {
  return Array.from({ length: n }, (_, i) =>
    testAsset({ id: i + 1, symbol: `SYM${i + 1}`, sy: `S${i + 1}/USD`, name: `Instrument ${i + 1}` }),
  );
}

/** Puts a loaded catalogue (and its prices) in the stores, with `active` open and active. */
export function loadAssets(assets: Asset[], pairs: Asset[] = assets.slice(0, 1), active = pairs[0]): void {
  priceStore.clear();
  priceStore.applyAll(assets);
  useAssetStore.setState({
    assets,
    status: 'loaded',
    error: null,
    activePairs: pairs,
    activeAsset: active ?? null,
    activePair: active?.sy ?? 'BTC/USD',
  });
}

export function resetAssets(): void {
  useAssetStore.setState(useAssetStore.getInitialState(), true);
  priceStore.clear();
}

/** A page of trades in the paginator shape. */
export function tradePage(data: Trade[], page = 1, lastPage = 1): TradePage {
  return {
    data,
    meta: { current_page: page, last_page: lastPage, per_page: 20, total: data.length },
    links: { next: page < lastPage ? `?page=${page + 1}` : null, prev: null },
  };
}

/** A valid Trade, with any field overridable. */
export function trade(overrides: Partial<Trade> & Pick<Trade, 'id'>): Trade {
  return {
    trade_id: `T${overrides.id}`,
    account_id: 1,
    trade_type: 'buy',
    order_type: 'market',
    status: 'open',
    asset_id: 13,
    asset_symbol: 'EUR/USD',
    asset_name: 'Euro / US Dollar',
    volume: 0.1,
    units: 10_000,
    contract_size: 100_000,
    margin: 54,
    leverage: 20,
    entry_price: null,
    opening_price: 1.08,
    closing_price: 1.081,
    take_profit: 0,
    stop_loss: 0,
    pnl: 10,
    open_time: '2025-01-01T10:00:00.000Z',
    close_time: null,
    close_reason: null,
    expires_at: null,
    created_at: '2025-01-01T10:00:00.000Z',
    origin: 'user',
    origin_name: null,
    ...overrides,
  };
}

type Route = unknown | Error | (() => unknown);

/**
 * Answers `api.get` by path: a value is sent as `{ data: value }` unless it already is a trade
 * page; an Error fails the call (500). Unlisted paths fail with 404.
 */
export function serveGet(routes: Record<string, Route>) {
  return vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    const route = routes[url];
    // i18n-ignore: a test double's error, never shown to a reader.
    if (route === undefined) throw httpError(404, { message: `no route ${url}` });
    const value = typeof route === 'function' ? route() : route;
    if (value instanceof Error) throw httpError(500, { message: value.message });
    const body = isTradePage(value) ? value : { data: value };
    const response: AxiosResponse = ok(body);
    return response;
  });
}

function isTradePage(value: unknown): value is TradePage {
  return typeof value === 'object' && value !== null && 'meta' in value && 'links' in value;
}

/** An element's text as a reader gets it: without aria-hidden parts such as generated icons. */
export function visibleText(element: Element): string {
  const copy = element.cloneNode(true);
  if (!(copy instanceof Element)) return element.textContent ?? '';
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').trim();
}

const clients = new Set<QueryClient>();
afterEach(() => {
  for (const client of clients) client.clear();
  clients.clear();
});

/**
 * Renders `element` at `/` with the app's providers and a router. Failed queries are not retried
 * (the app waits SPEC's 5 s first), so error states show at once.
 */
export function renderWithApp(element: ReactElement, extraRoutes: RouteObject[] = []) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  clients.add(queryClient);
  const router = createMemoryRouter([{ path: '/', element }, ...extraRoutes], { initialEntries: ['/'] });
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, queryClient, ...view };
}
