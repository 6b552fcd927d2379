import { afterEach, describe, expect, it } from 'vitest';
import { setPageUrl } from '@/test/fixtures';
import { currentApiBaseUrl, MissingBaseUrlError, requireApiBaseUrl, resolveApiBaseUrl } from './baseUrl';

describe('resolveApiBaseUrl', () => {
  it('prefers the runtime override over everything else', () => {
    expect(
      resolveApiBaseUrl({
        runtime: 'https://api.broker.test/api/v1',
        env: 'https://build.test/api/v1',
        origin: 'https://app.broker.test',
      }),
    ).toBe('https://api.broker.test/api/v1');
  });

  it('uses the build-time variable when there is no runtime override', () => {
    expect(
      resolveApiBaseUrl({ runtime: '  ', env: 'https://build.test/api/v1', origin: 'https://x.test' }),
    ).toBe('https://build.test/api/v1');
  });

  it('falls back to the page origin plus /api/v1', () => {
    expect(resolveApiBaseUrl({ runtime: undefined, env: '', origin: 'https://trade.broker.test' })).toBe(
      'https://trade.broker.test/api/v1',
    );
  });

  it('drops trailing slashes so paths join cleanly', () => {
    expect(resolveApiBaseUrl({ runtime: 'https://api.test/api/v1///' })).toBe('https://api.test/api/v1');
    expect(resolveApiBaseUrl({ origin: 'https://a.test/' })).toBe('https://a.test/api/v1');
  });

  it('returns empty when nothing usable is configured (file:// pages have origin "null")', () => {
    expect(resolveApiBaseUrl({})).toBe('');
    expect(resolveApiBaseUrl({ origin: 'null' })).toBe('');
  });
});

describe('currentApiBaseUrl / requireApiBaseUrl', () => {
  afterEach(() => {
    window.__OPENBROKER__ = undefined;
  });

  it('reads the runtime override from window at call time', () => {
    expect(currentApiBaseUrl()).toBe(`${window.location.origin}/api/v1`);
    window.__OPENBROKER__ = { apiBaseUrl: 'https://override.test/api/v1' };
    expect(currentApiBaseUrl()).toBe('https://override.test/api/v1');
  });

  it("throws SPEC's 'No base URL configured' when the result is empty", () => {
    window.__OPENBROKER__ = { apiBaseUrl: '' };
    const original = window.location.href;
    setPageUrl('about:blank');
    try {
      expect(() => requireApiBaseUrl()).toThrow(MissingBaseUrlError);
      expect(() => requireApiBaseUrl()).toThrow('No base URL configured');
    } finally {
      setPageUrl(original);
    }
  });
});
