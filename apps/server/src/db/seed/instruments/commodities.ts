import { contractSeed } from './build.ts';
import type { InstrumentSeed } from './types.ts';

/**
 * Symbol, name, category, TradingView continuous future, quote currency, price per unit (late 2025),
 * units per lot (one exchange contract: oil 1,000 barrels, grains 5,000 bushels, …), price decimals.
 * Prices are in currency units, not cents: corn 4.40 USD a bushel, sugar 0.148 USD a pound.
 */
type Row = readonly [
  symbol: string,
  name: string,
  category: string,
  tvSymbol: string,
  currency: string,
  price: number,
  contractSize: number,
  decimals: number,
];

const COMMODITIES: readonly Row[] = [
  // Energy.
  ['USOIL', 'WTI Crude Oil', 'Energy', 'TVC:USOIL', 'USD', 59, 1000, 2],
  ['UKOIL', 'Brent Crude Oil', 'Energy', 'TVC:UKOIL', 'USD', 63, 1000, 2],
  ['NGAS', 'Natural Gas (Henry Hub)', 'Energy', 'NYMEX:NG1!', 'USD', 4.5, 10000, 3],
  ['HEATOIL', 'Heating Oil (NY Harbor ULSD)', 'Energy', 'NYMEX:HO1!', 'USD', 2.35, 42000, 4],
  ['GASOLINE', 'Gasoline (RBOB)', 'Energy', 'NYMEX:RB1!', 'USD', 1.85, 42000, 4],
  ['GASOIL', 'Low Sulphur Gasoil', 'Energy', 'ICEEUR:G1!', 'USD', 680, 100, 2],
  // Grains and oilseeds.
  ['CORN', 'Corn', 'Grains', 'CBOT:ZC1!', 'USD', 4.4, 5000, 4],
  ['WHEAT', 'Wheat (Chicago SRW)', 'Grains', 'CBOT:ZW1!', 'USD', 5.35, 5000, 4],
  ['KCWHEAT', 'Wheat (Kansas City HRW)', 'Grains', 'KCBT:KE1!', 'USD', 5.2, 5000, 4],
  ['SOYBEAN', 'Soybeans', 'Grains', 'CBOT:ZS1!', 'USD', 10.9, 5000, 4],
  ['SOYOIL', 'Soybean Oil', 'Grains', 'CBOT:ZL1!', 'USD', 0.5, 60000, 4],
  ['SOYMEAL', 'Soybean Meal', 'Grains', 'CBOT:ZM1!', 'USD', 310, 100, 2],
  ['OATS', 'Oats', 'Grains', 'CBOT:ZO1!', 'USD', 3, 5000, 4],
  ['RICE', 'Rough Rice', 'Grains', 'CBOT:ZR1!', 'USD', 10.2, 2000, 3],
  ['CANOLA', 'Canola', 'Grains', 'ICEUS:RS1!', 'CAD', 640, 20, 2],
  // Softs.
  ['SUGAR', 'Sugar No. 11', 'Softs', 'ICEUS:SB1!', 'USD', 0.148, 112000, 4],
  ['WSUGAR', 'White Sugar No. 5', 'Softs', 'ICEEUR:W1!', 'USD', 420, 50, 2],
  ['COFFEE', 'Coffee (Arabica)', 'Softs', 'ICEUS:KC1!', 'USD', 3.8, 37500, 4],
  ['RCOFFEE', 'Coffee (Robusta)', 'Softs', 'ICEEUR:RC1!', 'USD', 4300, 10, 0],
  ['COCOA', 'Cocoa (New York)', 'Softs', 'ICEUS:CC1!', 'USD', 5800, 10, 0],
  ['LCOCOA', 'Cocoa (London)', 'Softs', 'ICEEUR:C1!', 'GBP', 4100, 10, 0],
  ['COTTON', 'Cotton No. 2', 'Softs', 'ICEUS:CT1!', 'USD', 0.64, 50000, 4],
  ['OJ', 'Orange Juice (FCOJ-A)', 'Softs', 'ICEUS:OJ1!', 'USD', 1.9, 15000, 4],
  // Livestock.
  ['LCATTLE', 'Live Cattle', 'Livestock', 'CME:LE1!', 'USD', 2.2, 40000, 4],
  ['FCATTLE', 'Feeder Cattle', 'Livestock', 'CME:GF1!', 'USD', 3.2, 50000, 4],
  ['LHOGS', 'Lean Hogs', 'Livestock', 'CME:HE1!', 'USD', 0.83, 40000, 4],
  // Forest products and dairy.
  ['LUMBER', 'Lumber', 'Other', 'CME:LBR1!', 'USD', 560, 27.5, 1],
  ['MILK', 'Class III Milk', 'Other', 'CME:DC1!', 'USD', 17, 2000, 2],
];

export function commodityInstruments(): InstrumentSeed[] {
  return COMMODITIES.map(([symbol, name, category, tvSymbol, currency, price, contractSize, decimals]) =>
    contractSeed({
      symbol,
      name,
      type: 'commodities',
      category,
      tvSymbol,
      currency,
      price,
      contractSize,
      decimals,
      spread: category === 'Energy' ? [0.0002, 0.0008] : [0.0005, 0.0015],
      leverage: 10,
      zone: 'America/New_York',
    }),
  );
}
