import { DEFAULT_LIMITS, parseStrategyParams, type RiskLimits, type StrategyKey } from '@openbroker/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { assets, plans } from '../schema.ts';
import { expertAdvisors } from '../schemaBots.ts';

/** The seeded plans (seedPlans.ts) by title: each better plan includes more advisors. */
type PlanTitle = 'Basic' | 'Pro' | 'VIP';

interface AdvisorSeed {
  name: string;
  description: string;
  strategy: StrategyKey;
  params: Record<string, unknown>;
  limits: RiskLimits;
  /** Looked up by symbol; an advisor whose instrument is missing is not seeded. */
  symbol: string;
  /** USD cents. */
  priceCents: bigint;
  category: string;
  author: string;
  features: string[];
  rating: number;
  downloads: number;
  autotrader: boolean;
  plans: PlanTitle[];
}

const ALL: PlanTitle[] = ['Basic', 'Pro', 'VIP'];
const PRO_UP: PlanTitle[] = ['Pro', 'VIP'];
const VIP: PlanTitle[] = ['VIP'];

/**
 * First-start catalogue (issue 16): advisors built on the five domain strategies with preset
 * parameters, described as they trade. Ratings and download counts are starting figures for the
 * demo marketplace; purchases add to the downloads. Backtests are left empty here: the `bots` role's
 * job computes them from stored candles shortly after start, so start-up does not wait for them.
 */
const ADVISORS: AdvisorSeed[] = [
  {
    name: 'EUR/USD Golden Cross',
    description:
      'Trades EUR/USD on 15-minute bars with a 9/21 exponential moving-average crossover: it buys when the fast average crosses above the slow one and sells on the opposite cross, always holding one side. Each position carries a 0.3 % stop-loss and a 0.6 % take-profit. It does well in steady trends and loses small amounts repeatedly when the pair moves sideways.',
    strategy: 'ma_crossover',
    params: {
      timeframeSec: 900,
      fast: 9,
      slow: 21,
      maType: 'ema',
      lots: 0.1,
      exitUnit: 'percent',
      stopLoss: 0.3,
      takeProfit: 0.6,
    },
    limits: { ...DEFAULT_LIMITS, maxLots: 0.5, maxOpenPositions: 2 },
    symbol: 'EURUSD',
    priceCents: 0n,
    category: 'Trend',
    author: 'OpenBroker Labs',
    features: [
      'EMA 9/21 crossover',
      '15-minute bars',
      'Stop-loss 0.3 %, take-profit 0.6 %',
      'One position at a time',
    ],
    rating: 4.3,
    downloads: 2140,
    autotrader: true,
    plans: ALL,
  },
  {
    name: 'EUR/USD Range Grid',
    description:
      'A small grid on EUR/USD: five buy levels below and five sell levels above a starting price, 0.05 % apart, 0.05 lots each, at most 0.25 lots open. Each position takes profit one step back towards the start. If the price runs 0.4 % away from the start every position is closed and the grid stops. It earns in quiet, ranging hours and loses in a trend.',
    strategy: 'grid',
    params: {
      timeframeSec: 60,
      stepUnit: 'percent',
      step: 0.05,
      maxLevels: 5,
      lots: 0.05,
      maxTotalLots: 0.25,
      hardStop: 0.4,
      haltAfterHardStop: true,
    },
    limits: { ...DEFAULT_LIMITS, maxLots: 0.05, maxOpenPositions: 5, equityStopPct: 15 },
    symbol: 'EURUSD',
    priceCents: 0n,
    category: 'Grid',
    author: 'OpenBroker Labs',
    features: [
      '5 levels each side, 0.05 % apart',
      'At most 0.25 lots open',
      'Hard stop at 0.4 %',
      'Stops after a hard stop',
    ],
    rating: 3.9,
    downloads: 1310,
    autotrader: false,
    plans: ALL,
  },
  {
    name: 'GBP/USD RSI Reversal',
    description:
      'Mean reversion on GBP/USD, 5-minute bars: it buys when the 14-bar RSI climbs back above 30 and sells when it falls back below 70, closing when the RSI returns to 50. A 0.25 % stop-loss caps each trade. It suits choppy sessions; in a strong trend the RSI stays stretched and the stop-loss is hit.',
    strategy: 'rsi_reversion',
    params: {
      timeframeSec: 300,
      period: 14,
      oversold: 30,
      overbought: 70,
      exitAt: 'middle',
      lots: 0.1,
      exitUnit: 'percent',
      stopLoss: 0.25,
      takeProfit: 0,
    },
    limits: { ...DEFAULT_LIMITS, maxLots: 0.5, maxOpenPositions: 2 },
    symbol: 'GBPUSD',
    priceCents: 4_900n,
    category: 'Mean reversion',
    author: 'Meridian Quant',
    features: ['RSI 14, bands 30/70', '5-minute bars', 'Exit at RSI 50', 'Stop-loss 0.25 %'],
    rating: 4.1,
    downloads: 980,
    autotrader: true,
    plans: ALL,
  },
  {
    name: 'Crypto Channel Breakout',
    description:
      'Donchian breakout on ETH/USD, 5-minute bars: a close above the highest high of the last 30 bars buys, a close below the lowest low sells; a position is closed when the price breaks the 15-bar channel the other way. A 2 % stop-loss limits a failed breakout. Most breakouts fail and cost a little; the profit comes from the few that run.',
    strategy: 'donchian_breakout',
    params: {
      timeframeSec: 300,
      entryPeriod: 30,
      exitPeriod: 15,
      lots: 1,
      exitUnit: 'percent',
      stopLoss: 2,
      takeProfit: 0,
    },
    limits: { ...DEFAULT_LIMITS, maxLots: 2, maxOpenPositions: 1 },
    symbol: 'ETHUSD',
    priceCents: 4_900n,
    category: 'Breakout',
    author: 'Northwind Algorithms',
    features: ['30-bar entry channel', '15-bar exit channel', '5-minute bars', 'Stop-loss 2 %'],
    rating: 4.0,
    downloads: 760,
    autotrader: false,
    plans: ALL,
  },
  {
    name: 'Gold Turtle Breakout',
    description:
      'The classic "turtle" rule on gold (XAU/USD), hourly bars: it buys a close above the 20-hour high and sells a close below the 20-hour low, exiting on a break of the 10-hour channel the other way, with a 1 % stop-loss. It holds positions for hours or days and gives back part of each winning move before it exits.',
    strategy: 'donchian_breakout',
    params: {
      timeframeSec: 3600,
      entryPeriod: 20,
      exitPeriod: 10,
      lots: 0.05,
      exitUnit: 'percent',
      stopLoss: 1,
      takeProfit: 0,
    },
    limits: { ...DEFAULT_LIMITS, maxLots: 0.2, maxOpenPositions: 1 },
    symbol: 'XAUUSD',
    priceCents: 9_900n,
    category: 'Breakout',
    author: 'Northwind Algorithms',
    features: ['20-hour entry channel', '10-hour exit channel', 'Hourly bars', 'Stop-loss 1 %'],
    rating: 4.4,
    downloads: 1520,
    autotrader: false,
    plans: PRO_UP,
  },
  {
    name: 'S&P 500 Grid Trader',
    description:
      'A grid on the US500 index during its trading hours: four buy levels below and four sell levels above the starting price, 0.15 % apart, one lot each and at most four lots open, each taking profit one step back. If the index moves 0.8 % from the start every position is closed and the grid stops. Trending days cost it money; the hard stop bounds how much.',
    strategy: 'grid',
    params: {
      timeframeSec: 60,
      stepUnit: 'percent',
      step: 0.15,
      maxLevels: 4,
      lots: 1,
      maxTotalLots: 4,
      hardStop: 0.8,
      haltAfterHardStop: true,
    },
    limits: { ...DEFAULT_LIMITS, maxLots: 1, maxOpenPositions: 4, equityStopPct: 20 },
    symbol: 'US500',
    priceCents: 9_900n,
    category: 'Grid',
    author: 'Meridian Quant',
    features: [
      '4 levels each side, 0.15 % apart',
      'At most 4 lots open',
      'Hard stop at 0.8 %',
      'Index hours only',
    ],
    rating: 3.8,
    downloads: 540,
    autotrader: false,
    plans: PRO_UP,
  },
  {
    name: 'BTC Trend Trailer',
    description:
      'Follows the trend of BTC/USD on 15-minute bars: it buys when the price closes above a rising 50-bar exponential average and sells below a falling one. Every position has a stop three Average True Ranges away that trails the price and never moves back. It rides long moves and is stopped out often when bitcoin moves sideways.',
    strategy: 'trend_trailing',
    params: {
      timeframeSec: 900,
      trendPeriod: 50,
      maType: 'ema',
      trailMode: 'atr',
      trailPercent: 1,
      atrPeriod: 14,
      atrMultiple: 3,
      lots: 0.05,
    },
    limits: { ...DEFAULT_LIMITS, maxLots: 0.1, maxOpenPositions: 1 },
    symbol: 'BTCUSD',
    priceCents: 14_900n,
    category: 'Trend',
    author: 'OpenBroker Labs',
    features: ['EMA 50 trend filter', 'ATR 14 × 3 trailing stop', '15-minute bars', 'Trades both directions'],
    rating: 4.6,
    downloads: 1870,
    autotrader: true,
    plans: VIP,
  },
  {
    name: 'Gold RSI Swing',
    description:
      'Mean reversion on gold (XAU/USD), hourly bars: it buys when the 14-hour RSI recovers above 30 and sells when it drops back below 70, holding until the RSI reaches the opposite band, with a 1.5 % stop-loss and a 3 % take-profit. It trades rarely; a steady trend in gold keeps the RSI stretched and ends in the stop-loss.',
    strategy: 'rsi_reversion',
    params: {
      timeframeSec: 3600,
      period: 14,
      oversold: 30,
      overbought: 70,
      exitAt: 'opposite',
      lots: 0.05,
      exitUnit: 'percent',
      stopLoss: 1.5,
      takeProfit: 3,
    },
    limits: { ...DEFAULT_LIMITS, maxLots: 0.2, maxOpenPositions: 1 },
    symbol: 'XAUUSD',
    priceCents: 14_900n,
    category: 'Mean reversion',
    author: 'Meridian Quant',
    features: [
      'RSI 14, bands 30/70',
      'Hourly bars',
      'Exit at the opposite band',
      'Stop-loss 1.5 %, take-profit 3 %',
    ],
    rating: 4.2,
    downloads: 430,
    autotrader: false,
    plans: VIP,
  },
];

/**
 * Seeds the catalogue once per advisor: one already present by name (staff may have changed it) is
 * left alone, and so are the plans' lists for it. Safe to run on every start.
 */
export async function seedAdvisors(db: Db): Promise<void> {
  const existing = new Set(
    (await db.select({ name: expertAdvisors.name }).from(expertAdvisors)).map((r) => r.name.toLowerCase()),
  );
  const missing = ADVISORS.filter((a) => !existing.has(a.name.toLowerCase()));
  if (missing.length === 0) return;
  const symbols = [...new Set(missing.map((a) => a.symbol))];
  const assetIds = new Map(
    (
      await db
        .select({ id: assets.id, symbol: assets.symbol })
        .from(assets)
        .where(inArray(assets.symbol, symbols))
    ).map((r) => [r.symbol, r.id]),
  );
  const planIds = new Map(
    (await db.select({ id: plans.id, title: plans.title }).from(plans)).map((p) => [p.title, p.id]),
  );
  await db.transaction(async (tx) => {
    for (const a of missing) {
      const assetId = assetIds.get(a.symbol);
      if (assetId === undefined) continue;
      const parsed = parseStrategyParams(a.strategy, a.params);
      if (!parsed.ok) throw new Error(`seed advisor ${a.name}: ${JSON.stringify(parsed.errors)}`);
      const [row] = await tx
        .insert(expertAdvisors)
        .values({
          name: a.name,
          description: a.description,
          strategy: a.strategy,
          params: parsed.params,
          limits: a.limits,
          assetId,
          priceCents: a.priceCents,
          category: a.category,
          author: a.author,
          features: a.features,
          image: null,
          rating: a.rating,
          downloads: a.downloads,
          active: true,
          autotrader: a.autotrader,
        })
        .returning({ id: expertAdvisors.id });
      if (!row) throw new Error('advisor insert returned nothing');
      for (const title of a.plans) {
        const planId = planIds.get(title);
        if (planId === undefined) continue;
        await tx
          .update(plans)
          .set({ eas: sql`${plans.eas} || jsonb_build_array(${row.id}::bigint)` })
          .where(eq(plans.id, planId));
      }
    }
  });
}

/** The seeded advisors' names, for tests. */
export const SEEDED_ADVISOR_NAMES: readonly string[] = ADVISORS.map((a) => a.name);
