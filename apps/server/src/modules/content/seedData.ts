import type { CalendarImportance } from '@openbroker/domain';

/**
 * First-start content: a week of economic releases and a few days of market headlines. Everything
 * is made up but shaped like the real thing (recurring releases at their usual local times, figures
 * near their usual size), and the same week always gives the same numbers.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CalendarSeedRow {
  at: Date;
  country: string;
  currency: string;
  title: string;
  importance: CalendarImportance;
  actual: string | null;
  forecast: string | null;
  previous: string | null;
}

export interface NewsSeedRow {
  title: string;
  summary: string;
  source: string;
  url: string | null;
  publishedAt: Date;
  symbols: string[];
}

/** Monday 00:00 UTC of the week `now` falls in (weeks run Monday to Sunday, as ISO 8601 has them). */
export function weekStartUtc(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** The 19 calendar countries (SPEC §9), with the currency they move and the zone their releases keep. */
export const CALENDAR_COUNTRIES = {
  US: { currency: 'USD', zone: 'America/New_York' },
  EU: { currency: 'EUR', zone: 'Europe/Berlin' },
  DE: { currency: 'EUR', zone: 'Europe/Berlin' },
  FR: { currency: 'EUR', zone: 'Europe/Paris' },
  IT: { currency: 'EUR', zone: 'Europe/Rome' },
  ES: { currency: 'EUR', zone: 'Europe/Madrid' },
  GB: { currency: 'GBP', zone: 'Europe/London' },
  JP: { currency: 'JPY', zone: 'Asia/Tokyo' },
  CN: { currency: 'CNY', zone: 'Asia/Shanghai' },
  CA: { currency: 'CAD', zone: 'America/Toronto' },
  AU: { currency: 'AUD', zone: 'Australia/Sydney' },
  NZ: { currency: 'NZD', zone: 'Pacific/Auckland' },
  CH: { currency: 'CHF', zone: 'Europe/Zurich' },
  SE: { currency: 'SEK', zone: 'Europe/Stockholm' },
  NO: { currency: 'NOK', zone: 'Europe/Oslo' },
  ZA: { currency: 'ZAR', zone: 'Africa/Johannesburg' },
  BR: { currency: 'BRL', zone: 'America/Sao_Paulo' },
  MX: { currency: 'MXN', zone: 'America/Mexico_City' },
  IN: { currency: 'INR', zone: 'Asia/Kolkata' },
} as const satisfies Record<string, { currency: string; zone: string }>;
export type CalendarCountry = keyof typeof CALENDAR_COUNTRIES;

type Unit = '' | '%' | 'K' | 'M' | 'B' | 'T';

/** A figure's usual level, how much it moves between releases, its decimals and its unit. */
interface Figure {
  level: number;
  step: number;
  dp: number;
  unit: Unit;
  /** A policy rate: the forecast is the previous rate and the decision almost always matches it. */
  policy?: true;
}

interface Release {
  country: CalendarCountry;
  title: string;
  /** Local weekday, Monday = 0 … Friday = 4. */
  day: 0 | 1 | 2 | 3 | 4;
  /** Local release time, HH:MM. */
  time: string;
  importance: CalendarImportance;
  /** Absent for speeches, minutes and press conferences: no figures. */
  figure?: Figure;
}

const pct = (level: number, step: number, dp = 1): Figure => ({ level, step, dp, unit: '%' });
const idx = (level: number, step: number, dp = 1): Figure => ({ level, step, dp, unit: '' });
const rate = (level: number): Figure => ({ level, step: 0, dp: 2, unit: '%', policy: true });
const k = (level: number, step: number, dp = 0): Figure => ({ level, step, dp, unit: 'K' });
const amount = (unit: 'M' | 'B' | 'T', level: number, step: number, dp = 1): Figure => ({
  level,
  step,
  dp,
  unit,
});

const r = (
  country: CalendarCountry,
  day: Release['day'],
  time: string,
  importance: CalendarImportance,
  title: string,
  figure?: Figure,
): Release =>
  figure ? { country, day, time, importance, title, figure } : { country, day, time, importance, title };

/** A busy but ordinary week: PMIs on Monday and Wednesday, inflation, jobs, trade and five rate decisions. */
const RELEASES: Release[] = [
  // United States
  r('US', 0, '10:00', 1, 'ISM Manufacturing PMI', idx(48.7, 0.8)),
  r('US', 0, '10:00', -1, 'Construction Spending m/m', pct(0.2, 0.3)),
  r('US', 1, '10:00', 0, 'JOLTS Job Openings', amount('M', 7.44, 0.2, 2)),
  r('US', 1, '10:00', -1, 'Factory Orders m/m', pct(0.4, 0.6)),
  r('US', 2, '08:15', 0, 'ADP Non-Farm Employment Change', k(135, 30)),
  r('US', 2, '10:00', 1, 'ISM Services PMI', idx(52.3, 0.9)),
  r('US', 2, '10:30', 0, 'Crude Oil Inventories', amount('M', -1.8, 2.2)),
  r('US', 2, '14:00', 1, 'FOMC Meeting Minutes'),
  r('US', 3, '08:30', 1, 'Unemployment Claims', k(224, 8)),
  r('US', 3, '08:30', 0, 'Trade Balance', amount('B', -68.3, 3.5)),
  r('US', 3, '12:00', 1, 'Fed Chair Speaks'),
  r('US', 4, '08:30', 1, 'Non-Farm Employment Change', k(148, 45)),
  r('US', 4, '08:30', 1, 'Unemployment Rate', pct(4.2, 0.1)),
  r('US', 4, '08:30', 1, 'Average Hourly Earnings m/m', pct(0.3, 0.1)),
  r('US', 4, '10:00', 0, 'Prelim UoM Consumer Sentiment', idx(58.6, 1.8)),
  // Euro area
  r('EU', 0, '10:30', -1, 'Sentix Investor Confidence', idx(-8.4, 2.5)),
  r('EU', 1, '11:00', 1, 'CPI Flash Estimate y/y', pct(2.1, 0.1)),
  r('EU', 1, '11:00', 1, 'Core CPI Flash Estimate y/y', pct(2.4, 0.1)),
  r('EU', 2, '11:00', 0, 'Unemployment Rate', pct(6.3, 0.1)),
  r('EU', 3, '11:00', 0, 'Retail Sales m/m', pct(0.2, 0.3)),
  r('EU', 3, '14:15', 1, 'Main Refinancing Rate', rate(2.15)),
  r('EU', 3, '14:45', 1, 'ECB Press Conference'),
  r('EU', 4, '11:00', 0, 'Revised GDP q/q', pct(0.2, 0.1)),
  // Germany
  r('DE', 0, '09:55', 0, 'Final Manufacturing PMI', idx(49.3, 0.4)),
  r('DE', 1, '09:55', 0, 'Unemployment Change', k(12, 8)),
  r('DE', 2, '09:55', -1, 'Final Services PMI', idx(50.8, 0.4)),
  r('DE', 3, '08:00', 0, 'Factory Orders m/m', pct(0.6, 1.2)),
  r('DE', 4, '08:00', 0, 'Industrial Production m/m', pct(-0.3, 0.8)),
  r('DE', 4, '08:00', -1, 'Trade Balance', amount('B', 17.2, 1.5)),
  // France, Italy, Spain
  r('FR', 0, '09:50', -1, 'Final Manufacturing PMI', idx(48.2, 0.4)),
  r('FR', 2, '09:50', -1, 'Final Services PMI', idx(49.1, 0.4)),
  r('FR', 4, '08:45', -1, 'Industrial Production m/m', pct(0.1, 0.7)),
  r('IT', 0, '09:45', -1, 'Manufacturing PMI', idx(49.6, 0.6)),
  r('IT', 2, '09:45', -1, 'Services PMI', idx(51.4, 0.6)),
  r('IT', 3, '10:00', -1, 'Retail Sales m/m', pct(0.1, 0.4)),
  r('ES', 0, '09:15', -1, 'Manufacturing PMI', idx(51.5, 0.6)),
  r('ES', 1, '09:00', -1, 'Unemployment Change', k(-18.6, 12, 1)),
  r('ES', 2, '09:15', -1, 'Services PMI', idx(54.2, 0.6)),
  // United Kingdom
  r('GB', 0, '09:30', 0, 'Final Manufacturing PMI', idx(47.9, 0.4)),
  r('GB', 1, '00:01', -1, 'BRC Retail Sales Monitor y/y', pct(1.6, 0.6)),
  r('GB', 2, '09:30', 0, 'Final Services PMI', idx(51.2, 0.4)),
  r('GB', 3, '12:00', 1, 'Official Bank Rate', rate(4.0)),
  r('GB', 4, '07:00', 1, 'GDP m/m', pct(0.1, 0.2)),
  r('GB', 4, '07:00', 0, 'Manufacturing Production m/m', pct(-0.2, 0.6)),
  r('GB', 4, '07:00', 0, 'Goods Trade Balance', amount('B', -19.7, 1.2)),
  // Japan
  r('JP', 1, '08:30', -1, 'Household Spending y/y', pct(-0.5, 1.5)),
  r('JP', 1, '08:30', 0, 'Average Cash Earnings y/y', pct(2.6, 0.4)),
  r('JP', 2, '08:50', -1, 'Current Account', amount('T', 2.45, 0.3, 2)),
  r('JP', 4, '08:30', 0, 'Tokyo Core CPI y/y', pct(2.5, 0.1)),
  // China
  r('CN', 0, '09:45', 0, 'Caixin Manufacturing PMI', idx(50.4, 0.6)),
  r('CN', 2, '09:45', 0, 'Caixin Services PMI', idx(52.1, 0.6)),
  r('CN', 3, '11:00', 0, 'Trade Balance (USD)', amount('B', 96.5, 6)),
  r('CN', 4, '09:30', 0, 'CPI y/y', pct(0.2, 0.2)),
  r('CN', 4, '09:30', -1, 'PPI y/y', pct(-2.6, 0.3)),
  // Canada
  r('CA', 1, '08:30', 0, 'Trade Balance', amount('B', -5.9, 0.8)),
  r('CA', 2, '09:45', 1, 'Overnight Rate', rate(2.75)),
  r('CA', 3, '10:00', 0, 'Ivey PMI', idx(50.9, 2)),
  r('CA', 4, '08:30', 1, 'Employment Change', k(14.5, 15, 1)),
  r('CA', 4, '08:30', 1, 'Unemployment Rate', pct(6.9, 0.1)),
  // Australia, New Zealand
  r('AU', 1, '11:30', 0, 'Retail Sales m/m', pct(0.3, 0.3)),
  r('AU', 1, '14:30', 1, 'Cash Rate', rate(3.6)),
  r('AU', 2, '11:30', 1, 'GDP q/q', pct(0.4, 0.2)),
  r('AU', 3, '11:30', 0, 'Trade Balance', amount('B', 5.4, 0.9, 2)),
  r('NZ', 2, '10:45', 1, 'Employment Change q/q', pct(0.1, 0.3)),
  r('NZ', 2, '10:45', 1, 'Unemployment Rate', pct(5.2, 0.1)),
  r('NZ', 3, '15:00', -1, 'Inflation Expectations q/q', pct(2.3, 0.1)),
  // Switzerland, Sweden, Norway
  r('CH', 0, '09:30', -1, 'procure.ch Manufacturing PMI', idx(49.0, 1)),
  r('CH', 1, '08:30', 0, 'CPI m/m', pct(0.0, 0.2)),
  r('CH', 4, '07:45', -1, 'Unemployment Rate', pct(2.9, 0.1)),
  r('SE', 2, '09:30', 0, 'Riksbank Policy Rate', rate(1.75)),
  r('SE', 3, '08:00', -1, 'CPIF y/y', pct(2.9, 0.2)),
  r('NO', 1, '08:00', 0, 'CPI y/y', pct(3.1, 0.2)),
  r('NO', 3, '10:00', 0, 'Norges Bank Policy Rate', rate(4.0)),
  // South Africa, Brazil, Mexico, India
  r('ZA', 2, '10:00', 0, 'CPI y/y', pct(3.4, 0.2)),
  r('ZA', 3, '13:00', -1, 'Retail Sales y/y', pct(4.8, 1)),
  r('BR', 1, '09:00', 0, 'IPCA Inflation y/y', pct(5.1, 0.2, 2)),
  r('BR', 2, '18:30', 0, 'Selic Rate', rate(15.0)),
  r('BR', 4, '09:00', -1, 'Retail Sales m/m', pct(0.2, 0.6)),
  r('MX', 3, '06:00', 0, 'CPI y/y', pct(3.8, 0.1, 2)),
  r('MX', 4, '06:00', -1, 'Industrial Production m/m', pct(0.1, 0.5)),
  r('IN', 0, '10:30', -1, 'HSBC Manufacturing PMI', idx(57.8, 0.7)),
  r('IN', 2, '10:30', -1, 'HSBC Services PMI', idx(59.1, 0.8)),
  r('IN', 4, '10:00', 0, 'RBI Repo Rate', rate(5.5)),
];

/** mulberry32: a small, fast, seedable generator, so a week always gets the same figures. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Roughly normal noise in about −1.5…1.5 (the mean of three uniforms, scaled). */
const noise = (next: () => number) => next() + next() + next() - 1.5;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** How far `zone`'s wall clock is ahead of UTC at the instant `ms`. */
function zoneOffsetMs(ms: number, zone: string): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  const parts = f.formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The UTC instant of a wall-clock time in a zone (daylight saving included). */
export function zonedTimeToUtc(
  year: number,
  month0: number,
  day: number,
  hour: number,
  minute: number,
  zone: string,
): Date {
  const wall = Date.UTC(year, month0, day, hour, minute);
  let guess = wall - zoneOffsetMs(wall, zone);
  guess = wall - zoneOffsetMs(guess, zone);
  return new Date(guess);
}

function formatFigure(value: number, f: Figure): string {
  const scale = 10 ** f.dp;
  const rounded = Math.round(value * scale) / scale;
  return `${(rounded === 0 ? 0 : rounded).toFixed(f.dp)}${f.unit}`;
}

/**
 * The economic calendar for the Monday-to-Friday (UTC) week `now` falls in: about 80 releases in 19
 * countries. Releases at or before `now` carry their actual figure; later ones only the forecast.
 */
export function generateCalendarWeek(now: Date): CalendarSeedRow[] {
  const monday = weekStartUtc(now);
  const weekEnd = monday.getTime() + 5 * DAY_MS;
  const next = random(monday.getTime() / DAY_MS);
  const rows = RELEASES.map((r): CalendarSeedRow => {
    const { currency, zone } = CALENDAR_COUNTRIES[r.country];
    const [hh = 0, mm = 0] = r.time.split(':').map(Number);
    const localDay = new Date(monday.getTime() + r.day * DAY_MS);
    let at = zonedTimeToUtc(
      localDay.getUTCFullYear(),
      localDay.getUTCMonth(),
      localDay.getUTCDate(),
      hh,
      mm,
      zone,
    );
    // An early-morning release far east of UTC can fall on the UTC day before: keep it in the week.
    if (at.getTime() < monday.getTime()) at = new Date(at.getTime() + DAY_MS);
    if (at.getTime() >= weekEnd) at = new Date(at.getTime() - DAY_MS);

    let previous: string | null = null;
    let forecast: string | null = null;
    let actual: string | null = null;
    const f = r.figure;
    if (f) {
      const prev = f.level + noise(next) * f.step * 0.5;
      const fc = f.policy ? prev : prev + noise(next) * f.step * 0.6;
      // A policy rate holds nine times in ten; otherwise it moves by a quarter point.
      const act = f.policy
        ? fc + (next() < 0.9 ? 0 : next() < 0.7 ? -0.25 : 0.25)
        : fc + noise(next) * f.step * 0.8;
      previous = formatFigure(prev, f);
      forecast = formatFigure(fc, f);
      if (at.getTime() <= now.getTime()) actual = formatFigure(act, f);
    }
    return {
      at,
      country: r.country,
      currency,
      title: r.title,
      importance: r.importance,
      actual,
      forecast,
      previous,
    };
  });
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime() || a.country.localeCompare(b.country));
}

const DESK = 'OpenBroker Markets Desk';
const RESEARCH = 'OpenBroker Research';

/** Generic market commentary: no real reporting, no figures that could be mistaken for a real release. */
const HEADLINES: Array<{ title: string; summary: string; symbols: string[]; source?: string }> = [
  {
    title: 'EUR/USD steadies ahead of euro-area CPI',
    summary:
      'The pair kept to a narrow range through the European session as traders waited for the flash inflation estimate. Positioning looks light going into the release.',
    symbols: ['EUR/USD'],
  },
  {
    title: 'Dollar firms as Treasury yields edge higher',
    summary:
      'The greenback gained against most majors as longer-dated yields crept up. The move was orderly, with no single catalyst behind it.',
    symbols: ['USDX', 'EUR/USD', 'USD/JPY'],
  },
  {
    title: 'Gold holds near recent highs as real yields ease',
    summary:
      'Bullion stayed well bid in Asian and European trading. Dips continue to attract buyers while the broader uptrend remains in place.',
    symbols: ['XAU/USD'],
  },
  {
    title: 'Bitcoin volatility picks up as funding rates turn positive',
    summary:
      'The largest cryptocurrency swung in a wide intraday range. Derivatives positioning suggests leveraged longs are back, which can amplify moves in both directions.',
    symbols: ['BTC/USD'],
  },
  {
    title: 'Ether outperforms as network activity rises',
    summary:
      'Ether gained ground against both the dollar and bitcoin, helped by a pick-up in on-chain activity. The ETH/BTC cross is testing the top of its recent range.',
    symbols: ['ETH/USD', 'ETH/BTC'],
  },
  {
    title: 'Sterling slips as traders weigh the Bank of England outlook',
    summary:
      'The pound eased against the dollar and the euro as markets debated the pace of future rate cuts. Thursday’s decision is the focus for the rest of the week.',
    symbols: ['GBP/USD', 'EUR/GBP'],
  },
  {
    title: 'Yen weakens; traders watch for official comments',
    summary:
      'USD/JPY pushed higher as the rate gap with other majors kept the carry trade attractive. Traders remain alert to any verbal intervention from Tokyo.',
    symbols: ['USD/JPY', 'EUR/JPY'],
  },
  {
    title: 'Oil extends gains after a larger-than-expected inventory draw',
    summary:
      'Crude benchmarks rose for a second session after weekly stock figures pointed to tighter supply. Brent’s premium over WTI was little changed.',
    symbols: ['USOIL', 'UKOIL'],
  },
  {
    title: 'Aussie dollar steady ahead of the RBA decision',
    summary:
      'AUD/USD held its ground ahead of the central bank’s announcement. Markets price a hold, so the statement’s tone is likely to drive the reaction.',
    symbols: ['AUD/USD', 'AUD/JPY'],
  },
  {
    title: 'Loonie tracks crude ahead of Canadian jobs data',
    summary:
      'The Canadian dollar moved in step with oil prices. Friday’s employment report and the Bank of Canada decision midweek are the key local events.',
    symbols: ['USD/CAD', 'USOIL'],
  },
  {
    title: 'US stock futures edge up as technology leads',
    summary:
      'Index futures pointed to a firmer open, with large technology names doing most of the lifting. Breadth remains narrow.',
    symbols: ['US500', 'US100'],
  },
  {
    title: 'Chipmakers rally, lifting the tech-heavy index',
    summary:
      'Semiconductor shares extended their run on continued optimism about data-centre demand. The sector index is well above its 50-day average.',
    symbols: ['US100', 'NVDA', 'AMD', 'USSOX'],
  },
  {
    title: 'European shares open mixed; German index lags on industrial weakness',
    summary:
      'Regional indices were split at the open. Industrial and auto names weighed on Frankfurt while defensive sectors held up.',
    symbols: ['DE40', 'EU50'],
  },
  {
    title: 'Swiss franc in demand as risk appetite fades',
    summary:
      'The franc gained against the dollar and the euro as equities softened. EUR/CHF is back near the lower end of its range.',
    symbols: ['USD/CHF', 'EUR/CHF'],
  },
  {
    title: 'Kiwi rebounds after labour market figures',
    summary:
      'NZD/USD recovered earlier losses once the quarterly jobs data were out. Traders are reassessing how soon the central bank might ease again.',
    symbols: ['NZD/USD'],
  },
  {
    title: 'Silver climbs alongside industrial metals',
    summary: 'Silver outpaced gold as base metals firmed. The gold-to-silver ratio eased from recent highs.',
    symbols: ['XAG/USD', 'XAU/USD', 'XCU/USD'],
  },
  {
    title: 'Copper firms on hopes for steadier Chinese demand',
    summary:
      'The red metal rose after upbeat factory surveys from China. The offshore yuan was little changed.',
    symbols: ['XCU/USD', 'USD/CNH'],
  },
  {
    title: 'Natural gas slides as milder weather forecasts weigh',
    summary:
      'Gas futures fell as updated forecasts pointed to lower heating demand. Storage levels remain comfortable.',
    symbols: ['NGAS'],
  },
  {
    title: 'Mexican peso holds gains as carry trade stays popular',
    summary:
      'USD/MXN stayed near the lows of its recent range. High local rates keep the peso in favour with carry investors.',
    symbols: ['USD/MXN'],
  },
  {
    title: 'Rand softens as commodity prices cool',
    summary:
      'The South African currency gave back some of its recent gains as metals prices eased. Local inflation data are due midweek.',
    symbols: ['USD/ZAR'],
  },
  {
    title: 'Nordic currencies diverge ahead of central bank meetings',
    summary:
      'The krona and the krone moved in opposite directions ahead of this week’s policy decisions in Stockholm and Oslo.',
    symbols: ['USD/SEK', 'USD/NOK'],
  },
  {
    title: 'Japanese stocks hit a session high as exporters benefit from a weaker yen',
    summary:
      'Exporters led gains in Tokyo as the yen softened. Trading volumes were close to their monthly average.',
    symbols: ['JP225', 'USD/JPY'],
  },
  {
    title: 'London stocks supported by energy and mining shares',
    summary:
      'The blue-chip index edged higher, helped by firmer oil and metals prices. Housebuilders lagged.',
    symbols: ['UK100'],
  },
  {
    title: 'Large altcoins track bitcoin higher',
    summary:
      'Solana and other large tokens followed bitcoin up in an active session. Correlations across the sector remain high.',
    symbols: ['SOL/USD', 'BTC/USD'],
  },
  {
    title: 'Week ahead: payrolls, inflation and a run of central bank decisions',
    summary:
      'A busy calendar: euro-area inflation on Tuesday, rate decisions in Australia, Canada, the euro area and the UK, and US payrolls on Friday.',
    symbols: ['EUR/USD', 'GBP/USD', 'AUD/USD', 'USD/CAD', 'US500'],
    source: RESEARCH,
  },
  {
    title: 'Technical view: EUR/USD tests its 50-day moving average',
    summary:
      'A daily close above the average would open the way to the top of the recent range; a rejection would keep the short-term bias neutral.',
    symbols: ['EUR/USD'],
    source: RESEARCH,
  },
  {
    title: 'Technical view: gold’s uptrend intact while above support',
    summary:
      'Momentum has cooled but the series of higher lows is unbroken. A break of the latest swing low would signal a deeper pullback.',
    symbols: ['XAU/USD'],
    source: RESEARCH,
  },
  {
    title: 'Megacap tech mixed as investors rotate toward value',
    summary:
      'The largest technology shares traded without a clear direction while financials and energy outperformed.',
    symbols: ['AAPL', 'MSFT', 'AMZN', 'US100'],
  },
  {
    title: 'Indian rupee steady as the central bank is seen on hold',
    summary:
      'USD/INR held a tight range ahead of Friday’s policy decision. Local equities were modestly higher.',
    symbols: ['USD/INR', 'IN50'],
  },
  {
    title: 'Volatility gauge eases as equities stabilise',
    summary:
      'The volatility index slipped back toward its long-run average as stocks recovered from an early dip.',
    symbols: ['VIX', 'US500'],
  },
];

/** About thirty headlines over the last four days, newest first, all published before `now`. */
export function generateNews(now: Date): NewsSeedRow[] {
  const next = random(Math.floor(now.getTime() / 3_600_000));
  const HOUR = 3_600_000;
  let at = now.getTime() - 20 * 60_000;
  return HEADLINES.map((h, i) => {
    if (i > 0) at -= Math.round((2.5 + next() * 1.5) * HOUR);
    return {
      title: h.title,
      summary: h.summary,
      source: h.source ?? DESK,
      url: null,
      publishedAt: new Date(Math.floor(at / 60_000) * 60_000),
      symbols: h.symbols,
    };
  });
}
