import type { InstrumentSeed } from '@openbroker/server/src/db/seed/instruments/types.ts';

/**
 * The fan-out only needs many instruments that tick; these synthetic ones stand in for the
 * catalogue so the benchmark does not depend on seed data.
 */
export function benchInstruments(count: number): InstrumentSeed[] {
  return Array.from({ length: count }, (_, i) => ({
    symbol: `BENCH${i}`,
    sy: `BENCH/${i}`,
    symbolDisplay: `BENCH/${i}`,
    name: `Bench instrument ${i}`,
    type: 'crypto' as const,
    category: 'Bench',
    tvSymbol: `BENCH:${i}`,
    baseCurrency: `B${i}`,
    quoteCurrency: 'USD',
    contractSize: 1,
    buySpread: 0.0005,
    sellSpread: 0.0005,
    leverage: null,
    referencePrice: 100 + i,
    decimals: 2,
    exchangeZone: 'UTC',
  }));
}
