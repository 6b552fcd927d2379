import { round, spreadFor } from './build.ts';
import type { InstrumentSeed } from './types.ts';

/** Currency name and units per one US dollar (late-2025 levels); every pair's rate is derived from these. */
const CURRENCIES: Record<string, readonly [name: string, perUsd: number]> = {
  USD: ['US Dollar', 1],
  EUR: ['Euro', 0.862],
  GBP: ['British Pound', 0.752],
  JPY: ['Japanese Yen', 155.2],
  CHF: ['Swiss Franc', 0.802],
  AUD: ['Australian Dollar', 1.512],
  CAD: ['Canadian Dollar', 1.381],
  NZD: ['New Zealand Dollar', 1.738],
  TRY: ['Turkish Lira', 42.55],
  ZAR: ['South African Rand', 17.08],
  MXN: ['Mexican Peso', 18.21],
  SGD: ['Singapore Dollar', 1.297],
  HKD: ['Hong Kong Dollar', 7.781],
  NOK: ['Norwegian Krone', 10.12],
  SEK: ['Swedish Krona', 9.38],
  DKK: ['Danish Krone', 6.435],
  PLN: ['Polish Zloty', 3.651],
  HUF: ['Hungarian Forint', 329.6],
  CZK: ['Czech Koruna', 20.84],
  CNH: ['Chinese Yuan (Offshore)', 7.068],
  THB: ['Thai Baht', 31.85],
  ILS: ['Israeli Shekel', 3.245],
  INR: ['Indian Rupee', 89.9],
  BRL: ['Brazilian Real', 5.38],
  RUB: ['Russian Ruble', 78.6],
  KRW: ['South Korean Won', 1468],
  TWD: ['New Taiwan Dollar', 31.25],
  IDR: ['Indonesian Rupiah', 16640],
  PHP: ['Philippine Peso', 58.9],
  MYR: ['Malaysian Ringgit', 4.115],
  CLP: ['Chilean Peso', 928],
  COP: ['Colombian Peso', 3790],
  PEN: ['Peruvian Sol', 3.372],
  EGP: ['Egyptian Pound', 47.6],
  AED: ['UAE Dirham', 3.6725],
  SAR: ['Saudi Riyal', 3.7503],
  QAR: ['Qatari Riyal', 3.641],
  KWD: ['Kuwaiti Dinar', 0.3071],
  RON: ['Romanian Leu', 4.386],
  ISK: ['Icelandic Krona', 127.4],
  KES: ['Kenyan Shilling', 129.3],
};

/** Units of `code` per US dollar, for other classes that quote in a currency besides the dollar. */
export function perUsd(code: string): number {
  const c = CURRENCIES[code];
  if (!c) throw new Error(`forex seed: unknown currency ${code}`);
  return c[1];
}

type Category = 'Majors' | 'Minors' | 'Exotics';

const MAJORS = ['EUR/USD', 'GBP/USD', 'USD/JPY', 'USD/CHF', 'AUD/USD', 'USD/CAD', 'NZD/USD'];

/** Every cross among the seven non-dollar majors, base first in market convention. */
const MINORS = [
  'EUR/GBP',
  'EUR/JPY',
  'EUR/CHF',
  'EUR/AUD',
  'EUR/CAD',
  'EUR/NZD',
  'GBP/JPY',
  'GBP/CHF',
  'GBP/AUD',
  'GBP/CAD',
  'GBP/NZD',
  'AUD/JPY',
  'AUD/CHF',
  'AUD/CAD',
  'AUD/NZD',
  'CAD/JPY',
  'CAD/CHF',
  'CHF/JPY',
  'NZD/JPY',
  'NZD/CHF',
  'NZD/CAD',
];

const EXOTICS = [
  // US dollar against emerging and smaller markets.
  ...[
    'TRY',
    'ZAR',
    'MXN',
    'SGD',
    'HKD',
    'NOK',
    'SEK',
    'DKK',
    'PLN',
    'HUF',
    'CZK',
    'CNH',
    'THB',
    'ILS',
    'INR',
    'BRL',
    'RUB',
    'KRW',
    'TWD',
    'IDR',
    'PHP',
    'MYR',
    'CLP',
    'COP',
    'PEN',
    'EGP',
    'AED',
    'SAR',
    'QAR',
    'KWD',
    'RON',
    'ISK',
    'KES',
  ].map((c) => `USD/${c}`),
  // Euro crosses.
  ...[
    'TRY',
    'ZAR',
    'MXN',
    'SGD',
    'HKD',
    'NOK',
    'SEK',
    'DKK',
    'PLN',
    'HUF',
    'CZK',
    'CNH',
    'RON',
    'ILS',
    'RUB',
    'INR',
    'THB',
  ].map((c) => `EUR/${c}`),
  // Sterling crosses.
  ...['TRY', 'ZAR', 'MXN', 'SGD', 'HKD', 'NOK', 'SEK', 'DKK', 'PLN', 'HUF', 'CZK', 'ILS'].map(
    (c) => `GBP/${c}`,
  ),
  // Other crosses brokers list.
  'CHF/NOK',
  'CHF/SEK',
  'CHF/SGD',
  'CHF/PLN',
  'NOK/SEK',
  'NOK/JPY',
  'SEK/JPY',
  'TRY/JPY',
  'ZAR/JPY',
  'MXN/JPY',
  'SGD/JPY',
  'HKD/JPY',
  'CNH/JPY',
  'AUD/SGD',
  'AUD/HKD',
  'AUD/CNH',
  'NZD/SGD',
  'CAD/SGD',
];

/** Spread range (fraction of the rate) per category. */
const SPREADS: Record<Category, readonly [number, number]> = {
  Majors: [0.00002, 0.00006],
  Minors: [0.00006, 0.00015],
  Exotics: [0.0003, 0.0015],
};

/** Decimals: 3 for yen pairs, otherwise by rate size (5 below 50, as USD/TRY and USD/ZAR quote). */
function forexDecimals(quote: string, rate: number): number {
  if (quote === 'JPY' || (rate >= 50 && rate < 500)) return 3;
  if (rate < 50) return 5;
  return rate < 5000 ? 2 : 0;
}

function pair(sy: string, category: Category): InstrumentSeed {
  const [base = '', quote = ''] = sy.split('/');
  const b = CURRENCIES[base];
  const q = CURRENCIES[quote];
  if (!b || !q) throw new Error(`forex seed: unknown currency in ${sy}`);
  const symbol = `${base}${quote}`;
  const rate = q[1] / b[1];
  const decimals = forexDecimals(quote, rate);
  const [min, max] = SPREADS[category];
  const spread = spreadFor(symbol, min, max);
  return {
    symbol,
    sy,
    symbolDisplay: sy,
    name: `${b[0]} / ${q[0]}`,
    type: 'forex',
    category,
    tvSymbol: `${category === 'Exotics' ? 'FX_IDC' : 'FX'}:${symbol}`,
    baseCurrency: base,
    quoteCurrency: quote,
    contractSize: 100_000,
    buySpread: spread,
    sellSpread: spread,
    leverage: category === 'Majors' ? 30 : 20,
    referencePrice: round(rate, decimals),
    decimals,
    exchangeZone: 'UTC',
  };
}

export function forexInstruments(): InstrumentSeed[] {
  return [
    ...MAJORS.map((sy) => pair(sy, 'Majors')),
    ...MINORS.map((sy) => pair(sy, 'Minors')),
    ...EXOTICS.map((sy) => pair(sy, 'Exotics')),
  ];
}
