import { afterEach, describe, expect, it } from 'vitest';
import { currentPricesKey, currentSocketOrigin, DEFAULT_PRICES_KEY, resolvePricesKey } from './pricesKey';

describe('prices key and socket origin', () => {
  afterEach(() => {
    window.__OPENBROKER__ = undefined;
  });

  it('prefers the runtime key, then the build-time one, then the server default', () => {
    expect(resolvePricesKey({ runtime: 'runtime-key', env: 'env-key' })).toBe('runtime-key');
    expect(resolvePricesKey({ runtime: '  ', env: 'env-key' })).toBe('env-key');
    expect(resolvePricesKey({})).toBe('openbroker-public-prices');
    expect(DEFAULT_PRICES_KEY).toBe('openbroker-public-prices');
  });

  it('reads window.__OPENBROKER__ at call time', () => {
    expect(currentPricesKey()).toBe(DEFAULT_PRICES_KEY);
    window.__OPENBROKER__ = { pricesKey: 'operator-key' };
    expect(currentPricesKey()).toBe('operator-key');
  });

  it('uses the page origin, or the API host when an operator moved the API', () => {
    expect(currentSocketOrigin()).toBe(window.location.origin);
    window.__OPENBROKER__ = { apiBaseUrl: 'https://api.broker.test/api/v1' };
    expect(currentSocketOrigin()).toBe('https://api.broker.test');
  });
});
