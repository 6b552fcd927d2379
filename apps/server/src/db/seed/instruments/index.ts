import { commodityInstruments } from './commodities.ts';
import { cryptoInstruments } from './crypto.ts';
import { etfInstruments } from './etfs.ts';
import { forexInstruments } from './forex.ts';
import { indexInstruments } from './indices.ts';
import { metalInstruments } from './metals.ts';
import { europeanStockInstruments } from './stocks-eu.ts';
import { internationalStockInstruments } from './stocks-intl.ts';
import { usStockInstruments } from './stocks-us.ts';
import type { InstrumentSeed } from './types.ts';

export type { InstrumentSeed } from './types.ts';

/**
 * The first-start instrument catalogue (DESIGN §8): over 2,000 real instruments across SPEC's six asset
 * types, with plausible late-2025 reference prices. Pure and deterministic: every call returns the same list.
 */
export function buildCatalogue(): InstrumentSeed[] {
  return [
    ...forexInstruments(),
    ...usStockInstruments(),
    ...etfInstruments(),
    ...europeanStockInstruments(),
    ...internationalStockInstruments(),
    ...cryptoInstruments(),
    ...indexInstruments(),
    ...commodityInstruments(),
    ...metalInstruments(),
  ];
}
