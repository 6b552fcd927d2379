import { round, spreadFor } from './build.ts';
import { perUsd } from './forex.ts';
import type { InstrumentSeed } from './types.ts';

/** Code, name, price in USD per unit (late 2025), units per lot, TradingView symbol of the USD quote. */
type Precious = readonly [code: string, name: string, usd: number, contractSize: number, tvSymbol: string];

const PRECIOUS: readonly Precious[] = [
  ['XAU', 'Gold', 4200, 100, 'OANDA:XAUUSD'],
  ['XAG', 'Silver', 52, 5000, 'OANDA:XAGUSD'],
  ['XPT', 'Platinum', 1600, 50, 'OANDA:XPTUSD'],
  ['XPD', 'Palladium', 1450, 100, 'OANDA:XPDUSD'],
  ['XCU', 'Copper', 5.1, 25000, 'OANDA:XCUUSD'],
];

/** Gold and silver against other currencies, as brokers list them. */
const CROSSES: Record<string, readonly string[]> = {
  XAU: ['EUR', 'GBP', 'JPY', 'AUD', 'CHF', 'CAD', 'CNH'],
  XAG: ['EUR', 'GBP', 'AUD'],
  XPT: ['EUR'],
};

const CURRENCY_NAMES: Record<string, string> = {
  USD: 'US Dollar',
  EUR: 'Euro',
  GBP: 'British Pound',
  JPY: 'Japanese Yen',
  AUD: 'Australian Dollar',
  CHF: 'Swiss Franc',
  CAD: 'Canadian Dollar',
  CNH: 'Chinese Yuan (Offshore)',
};

/** Base metals and other industrial metals in USD per tonne (iron ore, steel) or per pound (uranium). */
type Industrial = readonly [
  symbol: string,
  name: string,
  usd: number,
  contractSize: number,
  tvSymbol: string,
];

const INDUSTRIAL: readonly Industrial[] = [
  ['ALUMINIUM', 'Aluminium', 2850, 25, 'LME:MAL1!'],
  ['ZINC', 'Zinc', 3050, 25, 'LME:MZN1!'],
  ['NICKEL', 'Nickel', 14800, 6, 'LME:MNI1!'],
  ['LEAD', 'Lead', 2000, 25, 'LME:MPB1!'],
  ['TIN', 'Tin', 38000, 5, 'LME:MSN1!'],
  ['IRONORE', 'Iron Ore 62% Fe', 105, 100, 'SGX:FEF1!'],
  ['HRCSTEEL', 'Hot-Rolled Coil Steel', 850, 20, 'COMEX:HRC1!'],
  ['URANIUM', 'Uranium (U3O8)', 78, 250, 'COMEX:UX1!'],
];

function metalDecimals(price: number): number {
  if (price >= 10000) return 0;
  if (price >= 1000) return 2;
  if (price >= 10) return 3;
  return 4;
}

function seed(
  symbol: string,
  sy: string,
  name: string,
  category: string,
  base: string,
  quote: string,
  price: number,
  contractSize: number,
  tvSymbol: string,
): InstrumentSeed {
  const decimals = metalDecimals(price);
  const spread = base === 'XAU' ? spreadFor(symbol, 0.00005, 0.0001) : spreadFor(symbol, 0.0002, 0.0008);
  return {
    symbol,
    sy,
    symbolDisplay: sy,
    name,
    type: 'metals',
    category,
    tvSymbol,
    baseCurrency: base,
    quoteCurrency: quote,
    contractSize,
    buySpread: spread,
    sellSpread: spread,
    leverage: 20,
    referencePrice: round(price, decimals),
    decimals,
    exchangeZone: 'UTC',
  };
}

export function metalInstruments(): InstrumentSeed[] {
  const out: InstrumentSeed[] = [];
  for (const [code, name, usd, size, tv] of PRECIOUS) {
    const category = code === 'XCU' ? 'Industrial' : 'Precious';
    out.push(seed(`${code}USD`, `${code}/USD`, `${name} / US Dollar`, category, code, 'USD', usd, size, tv));
    for (const quote of CROSSES[code] ?? []) {
      const quoteName = CURRENCY_NAMES[quote] ?? quote;
      const symbol = `${code}${quote}`;
      const price = usd * perUsd(quote);
      out.push(
        seed(
          symbol,
          `${code}/${quote}`,
          `${name} / ${quoteName}`,
          category,
          code,
          quote,
          price,
          size,
          `OANDA:${symbol}`,
        ),
      );
    }
  }
  for (const [symbol, name, usd, size, tv] of INDUSTRIAL) {
    out.push(seed(symbol, symbol, name, 'Industrial', symbol, 'USD', usd, size, tv));
  }
  return out;
}
