import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with nothing set: port 8080, every role, PGlite under ./data', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.ROLES).toEqual(['api', 'realtime', 'feed', 'risk', 'bots']);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR.endsWith('/data')).toBe(true);
    expect(c.PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('reports every bad variable in one message, naming each', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', ROLES: 'api,trading', LOG_LEVEL: 'loud' });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    expect(message).toContain('PORT: must be a whole number from 1 to 65535 (got "abc")');
    expect(message).toContain('DATABASE_URL: must be a PostgreSQL URL');
    expect(message).toContain('ROLES: must be a comma-separated list');
    expect(message).toContain('LOG_LEVEL:');
  });

  it('needs APP_SECRET beside REDIS_URL, since every node must sign channels alike', () => {
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
      /APP_SECRET: must be set when REDIS_URL/,
    );
    const c = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', APP_SECRET: 'x'.repeat(32) });
    expect(c.REDIS_PREFIX).toBe('openbroker');
  });

  it('rejects a short APP_SECRET and accepts a PostgreSQL URL', () => {
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET: must be at least 32 characters/);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/test' }).DATABASE_URL).toBe(
      'postgres://u@127.0.0.1:5432/test',
    );
  });
});
