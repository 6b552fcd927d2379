import type { AccountSummaryResponse, Trade } from '@openbroker/domain';
import type { ReactNode } from 'react';
import type { TradePage } from '@/api/trading';
import { testAsset } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { priceStore } from '@/stores/priceStore';
import { useSessionStore } from '@/stores/sessionStore';
import { useSiteDataStore } from '@/stores/siteDataStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';

/** Test helpers of the order feature: a priced instrument, account figures and a fake Web Audio. */

/** EUR/USD at 1.1 with 1 bp each side: ask 1.10011, bid 1.09989. */
export const EURUSD = testAsset({
  id: 7,
  symbol: 'EURUSD',
  symbol_display: 'EUR/USD',
  sy: 'EUR/USD',
  name: 'Euro vs US Dollar',
  rate: 1.1,
  buy_spread: 0.0001,
  sell_spread: 0.0001,
  base_currency: 'EUR',
  quote_currency: 'USD',
});

export function summary(overrides: Partial<AccountSummaryResponse> = {}): AccountSummaryResponse {
  return {
    account_id: 1,
    currency: 'USD',
    balance: 1_000,
    credit: 0,
    equity: 1_000,
    margin: 0,
    marginLevel: null,
    freeMargin: 1_000,
    pnl: 0,
    lifetimePnl: 0,
    ...overrides,
  };
}

export function page(data: Trade[] = []): TradePage {
  return {
    data,
    meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length },
    links: { next: null, prev: null },
  };
}

export function trade(overrides: Partial<Trade> = {}): Trade {
  return {
    id: 501,
    trade_id: 'T-501',
    account_id: 1,
    trade_type: 'buy',
    order_type: 'market',
    status: 'open',
    asset_id: EURUSD.id,
    asset_symbol: 'EURUSD',
    asset_name: 'Euro vs US Dollar',
    volume: 0.01,
    units: 1_000,
    contract_size: 100_000,
    margin: 11,
    leverage: 100,
    entry_price: null,
    opening_price: 1.10011,
    closing_price: 1.09989,
    take_profit: 0,
    stop_loss: 0,
    pnl: -0.22,
    open_time: '2025-01-01T00:00:00.000Z',
    close_time: null,
    close_reason: null,
    expires_at: null,
    created_at: '2025-01-01T00:00:00.000Z',
    origin: 'user',
    origin_name: null,
    ...overrides,
  };
}

/** Puts `assets` in the catalogue and the price store, the first one active, with leverage sources. */
export function seedMarket(
  assets = [EURUSD],
  leverage: { category?: number; plan?: number } = { category: 100 },
): void {
  priceStore.clear();
  priceStore.applyAll(assets);
  useAssetStore.setState({
    assets,
    status: 'loaded',
    activeAsset: assets[0] ?? null,
    activePairs: assets.slice(0, 1),
  });
  useSiteDataStore.setState({
    leverage: leverage.category === undefined ? null : { forex: leverage.category },
    status: 'loaded',
  });
  useSessionStore.setState({
    user: sessionUser(
      leverage.plan === undefined
        ? {}
        : {
            account_type: {
              id: 1,
              title: 'Basic', // i18n-ignore: test data
              color: '#fff',
              icon: null,
              image: null,
              leverage: leverage.plan,
            },
          },
    ),
  });
}

/** Clears what `seedMarket` set, so one test's market never leaks into the next. */
export function resetMarket(): void {
  priceStore.clear();
  useAssetStore.setState(useAssetStore.getInitialState(), true);
  useSiteDataStore.setState(useSiteDataStore.getInitialState(), true);
  useSessionStore.setState(useSessionStore.getInitialState(), true);
}

export { testAsset };

export function renderWithApp(element: ReactNode) {
  return renderRoutes([{ path: '/', element }], '/');
}

/** What a fake AudioContext was asked to play. */
export interface PlayedTone {
  type: string;
  from: number;
  to: number;
}

/** An AudioContext stand-in recording each oscillator's wave and frequency ramp. */
export function fakeAudio() {
  const played: PlayedTone[] = [];
  const param = (onSet?: (v: number) => void, onRamp?: (v: number) => void) => ({
    setValueAtTime: (v: number) => onSet?.(v),
    exponentialRampToValueAtTime: (v: number) => onRamp?.(v),
  });
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume = () => Promise.resolve();
    createGain() {
      return { gain: param(), connect: () => undefined };
    }
    createOscillator() {
      const tone: PlayedTone = { type: 'sine', from: 0, to: 0 };
      played.push(tone);
      return {
        set type(t: string) {
          tone.type = t;
        },
        frequency: param(
          (v) => {
            tone.from = v;
          },
          (v) => {
            tone.to = v;
          },
        ),
        connect: () => undefined,
        start: () => undefined,
        stop: () => undefined,
      };
    }
  }
  // Only the members the sounds use exist; the cast is confined to this test double.
  return { played, AudioContext: FakeAudioContext as unknown as typeof AudioContext };
}
