import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { ok } from '@/test/http';
import { AUDJPY, BTC, EURUSD, GBPUSD } from './assetFixtures';
import {
  ASSET_STORAGE_KEY,
  ASSETS_FETCH_FAILED,
  bindActiveAssetToPrices,
  DEFAULT_ACTIVE_PAIR,
  pickDefaultAsset,
  useAssetStore,
} from './assetStore';
import { createPriceStore, priceStore } from './priceStore';

function serve(assets: unknown) {
  return vi.spyOn(api, 'get').mockResolvedValue(ok({ data: assets }));
}

const state = () => useAssetStore.getState();
const ids = (list: readonly { id: number }[]) => list.map((a) => a.id);

function stored(): Record<string, unknown> {
  const raw = localStorage.getItem(ASSET_STORAGE_KEY);
  if (!raw) throw new Error('nothing persisted');
  const parsed: { state: Record<string, unknown> } = JSON.parse(raw);
  return parsed.state;
}

describe('asset store (SPEC §4 Asset store)', () => {
  beforeEach(() => {
    useAssetStore.setState(useAssetStore.getInitialState(), true);
    priceStore.clear();
  });

  describe('loading', () => {
    it('goes loading → loaded with GET /assets, seeding the price store', async () => {
      const get = serve([EURUSD, BTC]);
      const pending = state().fetchAssets();
      expect(state().status).toBe('loading');
      await pending;
      expect(get).toHaveBeenCalledWith('/assets');
      expect(state()).toMatchObject({ status: 'loaded', error: null });
      expect(ids(state().assets)).toEqual([EURUSD.id, BTC.id]);
      expect(priceStore.get(BTC.id)?.rate).toBe(BTC.rate);
    });

    it("records SPEC's message on failure, and on an answer that is not a list", async () => {
      vi.spyOn(api, 'get').mockRejectedValueOnce(new Error('offline'));
      await state().fetchAssets();
      expect(state()).toMatchObject({ status: 'error', error: ASSETS_FETCH_FAILED });
      expect(ASSETS_FETCH_FAILED).toBe('Failed to fetch assets. Please try again later.');

      serve({ not: 'a list' });
      await state().fetchAssets();
      expect(state()).toMatchObject({ status: 'error', error: ASSETS_FETCH_FAILED });
    });

    it('drops a malformed instrument but keeps the rest', async () => {
      serve([EURUSD, { ...GBPUSD, rate: 'n/a' }, { id: 'x' }]);
      await state().fetchAssets();
      expect(ids(state().assets)).toEqual([EURUSD.id]);
    });

    it('shares one request between concurrent callers', async () => {
      const get = serve([EURUSD]);
      await Promise.all([state().fetchAssets(), state().fetchAssets()]);
      expect(get).toHaveBeenCalledTimes(1);
    });
  });

  describe('default active asset', () => {
    it('is the asset with tv_symbol BITSTAMP:BTCUSD, then sy AUD/JPY, then the first', async () => {
      serve([EURUSD, AUDJPY, BTC]);
      await state().fetchAssets();
      expect(state().activeAsset?.id).toBe(BTC.id);
      expect(state().activePair).toBe('BTC/USD');
      expect(ids(state().activePairs)).toEqual([BTC.id]);

      expect(pickDefaultAsset([EURUSD, AUDJPY])?.id).toBe(AUDJPY.id);
      expect(pickDefaultAsset([GBPUSD, EURUSD])?.id).toBe(GBPUSD.id);
      expect(pickDefaultAsset([])).toBeNull();
    });

    it('falls back to AUD/JPY without BTC, and to the first without either', async () => {
      serve([EURUSD, AUDJPY]);
      await state().fetchAssets();
      expect(state().activeAsset?.id).toBe(AUDJPY.id);

      useAssetStore.setState(useAssetStore.getInitialState(), true);
      serve([GBPUSD, EURUSD]);
      await state().fetchAssets();
      expect(state().activeAsset?.id).toBe(GBPUSD.id);
    });

    it('starts with BTC/USD as the active pair', () => {
      expect(state().activePair).toBe(DEFAULT_ACTIVE_PAIR);
      expect(DEFAULT_ACTIVE_PAIR).toBe('BTC/USD');
    });

    it('keeps the previous active asset when it still exists, refreshed from the new list', async () => {
      useAssetStore.setState({ activeAsset: { ...EURUSD, rate: 0.5 }, activePairs: [EURUSD] });
      serve([BTC, EURUSD]);
      await state().fetchAssets();
      expect(state().activeAsset).toEqual(EURUSD);
      expect(state().activePair).toBe('EUR/USD');
    });

    it('replaces a previous active asset that no longer exists, keeping the other pairs', async () => {
      useAssetStore.setState({ activeAsset: GBPUSD, activePairs: [EURUSD, GBPUSD] });
      serve([AUDJPY, EURUSD]);
      await state().fetchAssets();
      expect(state().activeAsset?.id).toBe(AUDJPY.id);
      expect(ids(state().activePairs)).toEqual([EURUSD.id, AUDJPY.id]);
    });

    it('restores the persisted active asset after a reload', async () => {
      localStorage.setItem(
        ASSET_STORAGE_KEY,
        JSON.stringify({
          state: { activeAsset: EURUSD, activePairs: [BTC, EURUSD], activePair: 'EUR/USD' },
          version: 1,
        }),
      );
      await useAssetStore.persist.rehydrate();
      serve([BTC, EURUSD]);
      await state().fetchAssets();
      expect(state().activeAsset?.id).toBe(EURUSD.id);
      expect(ids(state().activePairs)).toEqual([BTC.id, EURUSD.id]);
    });

    it('drops a malformed persisted asset rather than trusting it', async () => {
      localStorage.setItem(
        ASSET_STORAGE_KEY,
        JSON.stringify({ state: { activeAsset: { id: 'x' }, activePairs: 'no', activePair: 3 }, version: 1 }),
      );
      await useAssetStore.persist.rehydrate();
      expect(state()).toMatchObject({ activeAsset: null, activePairs: [], activePair: DEFAULT_ACTIVE_PAIR });
    });
  });

  describe('pairs', () => {
    beforeEach(async () => {
      serve([BTC, AUDJPY, EURUSD, GBPUSD]);
      await state().fetchAssets();
    });

    it('adding a pair makes it active, without duplicates', () => {
      state().addPair(EURUSD);
      expect(state().activeAsset?.id).toBe(EURUSD.id);
      expect(state().activePair).toBe('EUR/USD');
      state().addPair(BTC);
      state().addPair(EURUSD);
      expect(ids(state().activePairs)).toEqual([BTC.id, EURUSD.id]);
      expect(state().activeAsset?.id).toBe(EURUSD.id);
    });

    it('never removes the last pair', () => {
      expect(ids(state().activePairs)).toEqual([BTC.id]);
      state().removePair(BTC.id);
      expect(ids(state().activePairs)).toEqual([BTC.id]);
      expect(state().activeAsset?.id).toBe(BTC.id);

      // Not even when the one pair left is not the active asset (e.g. stored state from elsewhere).
      useAssetStore.setState({ activePairs: [EURUSD] });
      state().removePair(EURUSD.id);
      expect(ids(state().activePairs)).toEqual([EURUSD.id]);
    });

    it('removing the active pair activates the first remaining', () => {
      state().addPair(EURUSD);
      state().addPair(GBPUSD);
      state().removePair(GBPUSD.id);
      expect(ids(state().activePairs)).toEqual([BTC.id, EURUSD.id]);
      expect(state().activeAsset?.id).toBe(BTC.id);
      expect(state().activePair).toBe('BTC/USD');
    });

    it('removing another pair keeps the active one', () => {
      state().addPair(EURUSD);
      state().addPair(GBPUSD);
      state().removePair(EURUSD.id);
      expect(ids(state().activePairs)).toEqual([BTC.id, GBPUSD.id]);
      expect(state().activeAsset?.id).toBe(GBPUSD.id);
      state().removePair(999);
      expect(ids(state().activePairs)).toEqual([BTC.id, GBPUSD.id]);
    });

    it('persists only activeAsset, activePairs and activePair under asset-storage', () => {
      state().addPair(EURUSD);
      const saved = stored();
      expect(Object.keys(saved).sort()).toEqual(['activeAsset', 'activePair', 'activePairs']);
      expect(saved.activePair).toBe('EUR/USD');
      expect(saved.activeAsset).toMatchObject({ id: EURUSD.id });
    });
  });

  describe('live prices', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('new active assets take the latest live price', async () => {
      serve([BTC, EURUSD]);
      await state().fetchAssets();
      priceStore.applyUpdates([{ id: EURUSD.id, price: 1.2 }]);
      state().addPair(EURUSD);
      expect(state().activeAsset?.rate).toBe(1.2);
      expect(state().activeAsset?.buy_price).toBe(priceStore.get(EURUSD.id)?.ask);
    });

    it('mirrors the active asset’s rate fields, throttled; other ticks leave the store alone', async () => {
      const prices = createPriceStore();
      serve([BTC, EURUSD]);
      await state().fetchAssets();
      prices.applyAll([BTC, EURUSD]);
      const unbind = bindActiveAssetToPrices(prices, 500);
      const changes = vi.fn();
      const stop = useAssetStore.subscribe(changes);

      prices.applyUpdates([{ id: EURUSD.id, price: 1.5 }]);
      expect(changes).not.toHaveBeenCalled();

      prices.applyUpdates([
        { id: BTC.id, price: 66_000, priceHigh24h: 66_500, lastUpdated: 1_700_000_000_000 },
      ]);
      expect(state().activeAsset).toMatchObject({
        rate: 66_000,
        price_high: 66_500,
        updated_at: new Date(1_700_000_000_000).toISOString(),
        buy_price: prices.get(BTC.id)?.ask,
        sell_price: prices.get(BTC.id)?.bid,
      });
      // The catalogue itself is untouched: lists do not re-render on ticks.
      expect(state().assets.find((a) => a.id === BTC.id)?.rate).toBe(BTC.rate);

      prices.applyUpdates([{ id: BTC.id, price: 66_100 }]);
      prices.applyUpdates([{ id: BTC.id, price: 66_200 }]);
      expect(state().activeAsset?.rate).toBe(66_000);
      vi.advanceTimersByTime(500);
      expect(state().activeAsset?.rate).toBe(66_200);
      expect(changes).toHaveBeenCalledTimes(2);

      unbind();
      stop();
      prices.applyUpdates([{ id: BTC.id, price: 1 }]);
      vi.advanceTimersByTime(1000);
      expect(state().activeAsset?.rate).toBe(66_200);
    });

    it('takes a socket catalogue only while none has loaded', async () => {
      state().receiveAssets([EURUSD, AUDJPY]);
      expect(state().status).toBe('loaded');
      expect(state().activeAsset?.id).toBe(AUDJPY.id);
      state().receiveAssets([BTC]);
      expect(ids(state().assets)).toEqual([EURUSD.id, AUDJPY.id]);
    });
  });
});
