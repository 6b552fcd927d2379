import { stockSeed } from './build.ts';
import type { InstrumentSeed } from './types.ts';

/** TradingView prefixes: NYSE Arca listings show as AMEX there. */
const ARCA = 'AMEX';
const Q = 'NASDAQ';
const C = 'CBOE';

/** Ticker, fund name, TradingView exchange, reference price in USD (late-2025 levels). */
type Row = readonly [ticker: string, name: string, exchange: string, price: number];

const ETFS: readonly Row[] = [
  // Broad US equity.
  ['SPY', 'SPDR S&P 500 ETF Trust', ARCA, 680],
  ['VOO', 'Vanguard S&P 500 ETF', ARCA, 625],
  ['IVV', 'iShares Core S&P 500 ETF', ARCA, 685],
  ['QQQ', 'Invesco QQQ Trust', Q, 620],
  ['QQQM', 'Invesco NASDAQ 100 ETF', Q, 255],
  ['DIA', 'SPDR Dow Jones Industrial Average ETF Trust', ARCA, 480],
  ['IWM', 'iShares Russell 2000 ETF', ARCA, 250],
  ['VTI', 'Vanguard Total Stock Market ETF', ARCA, 335],
  ['RSP', 'Invesco S&P 500 Equal Weight ETF', ARCA, 190],
  ['MDY', 'SPDR S&P MidCap 400 ETF Trust', ARCA, 600],
  ['IJH', 'iShares Core S&P Mid-Cap ETF', ARCA, 65],
  ['IJR', 'iShares Core S&P Small-Cap ETF', ARCA, 118],
  ['VUG', 'Vanguard Growth ETF', ARCA, 490],
  ['VTV', 'Vanguard Value ETF', ARCA, 190],
  ['SCHD', 'Schwab US Dividend Equity ETF', ARCA, 27.5],
  ['VYM', 'Vanguard High Dividend Yield ETF', ARCA, 145],
  ['VIG', 'Vanguard Dividend Appreciation ETF', ARCA, 215],
  ['JEPI', 'JPMorgan Equity Premium Income ETF', ARCA, 57],
  ['JEPQ', 'JPMorgan Nasdaq Equity Premium Income ETF', Q, 58],
  // Sectors and themes.
  ['XLF', 'Financial Select Sector SPDR Fund', ARCA, 53],
  ['XLE', 'Energy Select Sector SPDR Fund', ARCA, 90],
  ['XLK', 'Technology Select Sector SPDR Fund', ARCA, 290],
  ['XLV', 'Health Care Select Sector SPDR Fund', ARCA, 150],
  ['XLY', 'Consumer Discretionary Select Sector SPDR Fund', ARCA, 240],
  ['XLP', 'Consumer Staples Select Sector SPDR Fund', ARCA, 78],
  ['XLI', 'Industrial Select Sector SPDR Fund', ARCA, 155],
  ['XLU', 'Utilities Select Sector SPDR Fund', ARCA, 86],
  ['XLB', 'Materials Select Sector SPDR Fund', ARCA, 90],
  ['XLRE', 'Real Estate Select Sector SPDR Fund', ARCA, 42],
  ['XLC', 'Communication Services Select Sector SPDR Fund', ARCA, 115],
  ['VGT', 'Vanguard Information Technology ETF', ARCA, 760],
  ['VNQ', 'Vanguard Real Estate ETF', ARCA, 90],
  ['SMH', 'VanEck Semiconductor ETF', Q, 360],
  ['SOXX', 'iShares Semiconductor ETF', Q, 300],
  ['KRE', 'SPDR S&P Regional Banking ETF', ARCA, 63],
  ['KBE', 'SPDR S&P Bank ETF', ARCA, 58],
  ['XBI', 'SPDR S&P Biotech ETF', ARCA, 115],
  ['IBB', 'iShares Biotechnology ETF', Q, 160],
  ['ITB', 'iShares U.S. Home Construction ETF', ARCA, 100],
  ['XHB', 'SPDR S&P Homebuilders ETF', ARCA, 105],
  ['XRT', 'SPDR S&P Retail ETF', ARCA, 85],
  ['ITA', 'iShares U.S. Aerospace & Defense ETF', ARCA, 200],
  ['ARKK', 'ARK Innovation ETF', ARCA, 80],
  ['ARKG', 'ARK Genomic Revolution ETF', ARCA, 30],
  ['TAN', 'Invesco Solar ETF', ARCA, 44],
  ['ICLN', 'iShares Global Clean Energy ETF', Q, 16],
  ['LIT', 'Global X Lithium & Battery Tech ETF', ARCA, 60],
  ['URA', 'Global X Uranium ETF', ARCA, 45],
  ['JETS', 'U.S. Global Jets ETF', ARCA, 27],
  ['CIBR', 'First Trust NASDAQ Cybersecurity ETF', Q, 73],
  ['BOTZ', 'Global X Robotics & Artificial Intelligence ETF', Q, 35],
  // International.
  ['EFA', 'iShares MSCI EAFE ETF', ARCA, 95],
  ['VEA', 'Vanguard FTSE Developed Markets ETF', ARCA, 61],
  ['EEM', 'iShares MSCI Emerging Markets ETF', ARCA, 54],
  ['VWO', 'Vanguard FTSE Emerging Markets ETF', ARCA, 54],
  ['IEMG', 'iShares Core MSCI Emerging Markets ETF', ARCA, 66],
  ['VXUS', 'Vanguard Total International Stock ETF', Q, 73],
  ['FXI', 'iShares China Large-Cap ETF', ARCA, 39],
  ['MCHI', 'iShares MSCI China ETF', Q, 62],
  ['KWEB', 'KraneShares CSI China Internet ETF', ARCA, 37],
  ['EWJ', 'iShares MSCI Japan ETF', ARCA, 80],
  ['EWZ', 'iShares MSCI Brazil ETF', ARCA, 31],
  ['INDA', 'iShares MSCI India ETF', C, 53],
  ['EWG', 'iShares MSCI Germany ETF', ARCA, 42],
  ['EWU', 'iShares MSCI United Kingdom ETF', ARCA, 41],
  // Bonds.
  ['TLT', 'iShares 20+ Year Treasury Bond ETF', Q, 89],
  ['IEF', 'iShares 7-10 Year Treasury Bond ETF', Q, 97],
  ['SHY', 'iShares 1-3 Year Treasury Bond ETF', Q, 83],
  ['TIP', 'iShares TIPS Bond ETF', ARCA, 110],
  ['LQD', 'iShares iBoxx $ Investment Grade Corporate Bond ETF', ARCA, 111],
  ['HYG', 'iShares iBoxx $ High Yield Corporate Bond ETF', ARCA, 80.7],
  ['AGG', 'iShares Core U.S. Aggregate Bond ETF', ARCA, 100],
  ['BND', 'Vanguard Total Bond Market ETF', Q, 74.5],
  // Commodities, currencies and digital assets.
  ['GLD', 'SPDR Gold Shares', ARCA, 385],
  ['IAU', 'iShares Gold Trust', ARCA, 79],
  ['SLV', 'iShares Silver Trust', ARCA, 47],
  ['GDX', 'VanEck Gold Miners ETF', ARCA, 80],
  ['GDXJ', 'VanEck Junior Gold Miners ETF', ARCA, 105],
  ['USO', 'United States Oil Fund, LP', ARCA, 70],
  ['UNG', 'United States Natural Gas Fund, LP', ARCA, 13],
  ['DBC', 'Invesco DB Commodity Index Tracking Fund', ARCA, 22],
  ['DBA', 'Invesco DB Agriculture Fund', ARCA, 26],
  ['UUP', 'Invesco DB US Dollar Index Bullish Fund', ARCA, 27],
  ['IBIT', 'iShares Bitcoin Trust ETF', Q, 52],
  ['FBTC', 'Fidelity Wise Origin Bitcoin Fund', C, 80],
  ['ETHA', 'iShares Ethereum Trust ETF', Q, 24],
  ['BITO', 'ProShares Bitcoin Strategy ETF', ARCA, 13],
  // Leveraged and volatility.
  ['TQQQ', 'ProShares UltraPro QQQ', Q, 55],
  ['SQQQ', 'ProShares UltraPro Short QQQ', Q, 15],
  ['SOXL', 'Direxion Daily Semiconductor Bull 3X Shares', ARCA, 40],
  ['UVXY', 'ProShares Ultra VIX Short-Term Futures ETF', C, 11],
  ['VXX', 'iPath Series B S&P 500 VIX Short-Term Futures ETN', C, 31],
];

export function etfInstruments(): InstrumentSeed[] {
  return ETFS.map(([ticker, name, exchange, price]) =>
    stockSeed({
      symbol: ticker,
      name,
      category: 'ETF',
      tvSymbol: `${exchange}:${ticker}`,
      currency: 'USD',
      price,
      zone: 'America/New_York',
      spread: [0.0001, 0.0004],
      decimals: 2,
    }),
  );
}
