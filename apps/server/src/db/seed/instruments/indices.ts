import { contractSeed } from './build.ts';
import type { InstrumentSeed } from './types.ts';

/** Cash-index symbol, name, category, TradingView symbol, quote currency, home-market zone, level (late 2025). */
type Row = readonly [
  symbol: string,
  name: string,
  category: string,
  tvSymbol: string,
  currency: string,
  zone: string,
  level: number,
];

const NY = 'America/New_York';

const INDICES: readonly Row[] = [
  // Americas.
  ['US500', 'S&P 500 Index', 'Americas', 'SP:SPX', 'USD', NY, 6850],
  ['US30', 'Dow Jones Industrial Average', 'Americas', 'TVC:DJI', 'USD', NY, 48000],
  ['US100', 'NASDAQ 100 Index', 'Americas', 'NASDAQ:NDX', 'USD', NY, 25500],
  ['US2000', 'Russell 2000 Index', 'Americas', 'TVC:RUT', 'USD', NY, 2550],
  ['US400', 'S&P MidCap 400 Index', 'Americas', 'SP:MID', 'USD', NY, 3250],
  ['USNYA', 'NYSE Composite Index', 'Americas', 'NYSE:NYA', 'USD', NY, 21500],
  ['USSOX', 'PHLX Semiconductor Index', 'Americas', 'NASDAQ:SOX', 'USD', NY, 7000],
  ['USDJT', 'Dow Jones Transportation Average', 'Americas', 'DJ:DJT', 'USD', NY, 17000],
  ['USDJU', 'Dow Jones Utility Average', 'Americas', 'DJ:DJU', 'USD', NY, 1080],
  ['CA60', 'S&P/TSX 60 Index', 'Americas', 'TSX:TX60', 'CAD', 'America/Toronto', 1850],
  ['CATSX', 'S&P/TSX Composite Index', 'Americas', 'TSX:TSX', 'CAD', 'America/Toronto', 31000],
  ['BR50', 'Bovespa Index', 'Americas', 'BMFBOVESPA:IBOV', 'BRL', 'America/Sao_Paulo', 158000],
  ['MX35', 'S&P/BMV IPC Index', 'Americas', 'BMV:ME', 'MXN', 'America/Mexico_City', 63000],
  // Europe.
  ['UK100', 'FTSE 100 Index', 'Europe', 'TVC:UKX', 'GBP', 'Europe/London', 9800],
  ['UK250', 'FTSE 250 Index', 'Europe', 'TVC:MCX', 'GBP', 'Europe/London', 22000],
  ['DE40', 'DAX 40 Index', 'Europe', 'XETR:DAX', 'EUR', 'Europe/Berlin', 24200],
  ['DEMID50', 'MDAX Index', 'Europe', 'XETR:MDAX', 'EUR', 'Europe/Berlin', 30000],
  ['DETEC30', 'TecDAX Index', 'Europe', 'XETR:TDXP', 'EUR', 'Europe/Berlin', 3600],
  ['EU50', 'Euro Stoxx 50 Index', 'Europe', 'TVC:SX5E', 'EUR', 'Europe/Berlin', 5750],
  ['FR40', 'CAC 40 Index', 'Europe', 'EURONEXT:PX1', 'EUR', 'Europe/Paris', 8100],
  ['ES35', 'IBEX 35 Index', 'Europe', 'BME:IBC', 'EUR', 'Europe/Madrid', 17000],
  ['IT40', 'FTSE MIB Index', 'Europe', 'INDEX:FTSEMIB', 'EUR', 'Europe/Rome', 44000],
  ['NL25', 'AEX Index', 'Europe', 'EURONEXT:AEX', 'EUR', 'Europe/Amsterdam', 950],
  ['CH20', 'Swiss Market Index', 'Europe', 'SIX:SMI', 'CHF', 'Europe/Zurich', 13000],
  ['BE20', 'BEL 20 Index', 'Europe', 'EURONEXT:BEL20', 'EUR', 'Europe/Brussels', 5000],
  ['PT20', 'PSI Index', 'Europe', 'EURONEXT:PSI20', 'EUR', 'Europe/Lisbon', 8100],
  ['AT20', 'ATX Index', 'Europe', 'INDEX:ATX', 'EUR', 'Europe/Vienna', 5100],
  ['SE30', 'OMX Stockholm 30 Index', 'Europe', 'OMXSTO:OMXS30', 'SEK', 'Europe/Stockholm', 2750],
  ['DK25', 'OMX Copenhagen 25 Index', 'Europe', 'OMXCOP:OMXC25', 'DKK', 'Europe/Copenhagen', 1600],
  ['NO25', 'OBX Index', 'Europe', 'OSL:OBX', 'NOK', 'Europe/Oslo', 1580],
  ['FI25', 'OMX Helsinki 25 Index', 'Europe', 'OMXHEX:OMXH25', 'EUR', 'Europe/Helsinki', 5300],
  ['PL20', 'WIG20 Index', 'Europe', 'GPW:WIG20', 'PLN', 'Europe/Warsaw', 3100],
  // Asia-Pacific.
  ['JP225', 'Nikkei 225 Index', 'Asia-Pacific', 'TVC:NI225', 'JPY', 'Asia/Tokyo', 50500],
  ['HK50', 'Hang Seng Index', 'Asia-Pacific', 'TVC:HSI', 'HKD', 'Asia/Hong_Kong', 25700],
  ['HKCE', 'Hang Seng China Enterprises Index', 'Asia-Pacific', 'HSI:HSCEI', 'HKD', 'Asia/Hong_Kong', 9100],
  ['CN50', 'FTSE China A50 Index', 'Asia-Pacific', 'FTSE:XIN9', 'CNY', 'Asia/Shanghai', 15000],
  ['AUS200', 'S&P/ASX 200 Index', 'Asia-Pacific', 'ASX:XJO', 'AUD', 'Australia/Sydney', 8600],
  ['IN50', 'Nifty 50 Index', 'Asia-Pacific', 'NSE:NIFTY', 'INR', 'Asia/Kolkata', 26000],
  ['INSENSEX', 'BSE Sensex Index', 'Asia-Pacific', 'BSE:SENSEX', 'INR', 'Asia/Kolkata', 85000],
  ['SG30', 'Straits Times Index', 'Asia-Pacific', 'TVC:STI', 'SGD', 'Asia/Singapore', 4550],
  ['KR200', 'KOSPI Composite Index', 'Asia-Pacific', 'KRX:KOSPI', 'KRW', 'Asia/Seoul', 4000],
  ['TW50', 'TAIEX Index', 'Asia-Pacific', 'TWSE:TAIEX', 'TWD', 'Asia/Taipei', 27500],
  ['NZ50', 'S&P/NZX 50 Index', 'Asia-Pacific', 'NZX:NZ50G', 'NZD', 'Pacific/Auckland', 13500],
  // Africa.
  ['ZA40', 'FTSE/JSE Top 40 Index', 'Africa', 'JSE:J200', 'ZAR', 'Africa/Johannesburg', 100000],
  // Volatility and the dollar.
  ['VIX', 'CBOE Volatility Index', 'Volatility', 'TVC:VIX', 'USD', NY, 16],
  ['USDX', 'US Dollar Index', 'Currency', 'TVC:DXY', 'USD', NY, 98.5],
];

export function indexInstruments(): InstrumentSeed[] {
  return INDICES.map(([symbol, name, category, tvSymbol, currency, zone, level]) =>
    contractSeed({
      symbol,
      name,
      type: 'indices',
      category,
      tvSymbol,
      currency,
      price: level,
      contractSize: 1,
      decimals: level < 1000 ? 2 : 1,
      spread: category === 'Volatility' ? [0.002, 0.004] : [0.00008, 0.0003],
      leverage: 20,
      zone,
    }),
  );
}
