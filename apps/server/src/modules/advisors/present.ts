import {
  type AdminAdvisor,
  type BacktestSummary,
  centsToAmount,
  type ExpertAdvisorDto,
  strategyOf,
} from '@openbroker/domain';
import { z } from 'zod';
import type { CatalogueRow } from './repo.ts';

/** A bar length in words: "1-minute", "4-hour", "daily". */
export function timeframeWords(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s % 86_400 === 0) return s === 86_400 ? 'daily' : `${s / 86_400}-day`;
  if (s % 3600 === 0) return `${s / 3600}-hour`;
  if (s % 60 === 0) return `${s / 60}-minute`;
  return `${s}-second`;
}

/** The strategy's name, and its timeframe in ms when the stored parameters still bind. */
function strategyFacts(row: CatalogueRow): { name: string; risks: string; timeframeMs: number | null } {
  const entry = strategyOf(row.strategy);
  if (!entry) return { name: row.strategy, risks: '', timeframeMs: null };
  const bound = entry.bind(row.params);
  return { name: entry.name, risks: entry.risks, timeframeMs: bound.ok ? bound.strategy.timeframeMs : null };
}

/** "Moving Average Crossover on EUR/USD, 1-hour bars". */
export function strategyWords(row: CatalogueRow): string {
  const facts = strategyFacts(row);
  const bars = facts.timeframeMs === null ? '' : `, ${timeframeWords(facts.timeframeMs)} bars`;
  return `${facts.name} on ${row.symbolDisplay}${bars}`;
}

/** Points of the list's sparkline: enough for its shape, a fraction of the detail's 200. */
const SPARK_POINTS = 32;

/** Every n-th point and the last, so the list carries the curve's shape without its weight. */
function thin<T>(points: readonly T[], most: number): T[] {
  if (points.length <= most) return [...points];
  const every = Math.ceil(points.length / (most - 1));
  const out = points.filter((_, i) => i % every === 0);
  const last = points[points.length - 1];
  if (last !== undefined && out[out.length - 1] !== last) out.push(last);
  return out;
}

/** The marketplace's backtest figures: the whole curve on the detail call, a thinned one in lists. */
function presentBacktest(b: BacktestSummary | null, withCurve: boolean): BacktestSummary | null {
  if (!b) return null;
  return withCurve ? b : { ...b, equity: thin(b.equity, SPARK_POINTS) };
}

/**
 * SPEC §3 Expert Advisor as the marketplace and the Algo Trader tree read it. `purchased` only on a
 * signed-in customer's call; shared data leaves it out.
 */
export function presentAdvisor(
  row: CatalogueRow,
  opts: { purchased?: boolean; withCurve?: boolean } = {},
): ExpertAdvisorDto {
  const facts = strategyFacts(row);
  const price = centsToAmount(row.priceCents);
  const dto: ExpertAdvisorDto = {
    id: row.id,
    name: row.name,
    description: row.description,
    amount_val: price,
    amount: price.toFixed(2),
    image: row.image,
    type: 'expert_advisor',
    rating: row.rating,
    downloads: row.downloads,
    author: row.author,
    category: row.category,
    features: row.features,
    strategy: strategyWords(row),
    strategy_name: facts.name,
    risks: facts.risks,
    symbol: row.symbolDisplay,
    asset_id: row.assetId,
    backtest: presentBacktest(row.backtest, opts.withCurve ?? false),
  };
  if (opts.purchased !== undefined) dto.purchased = opts.purchased;
  return dto;
}

/** A strategy as the staff form offers it (GET /admin/strategies). */
export const strategyInfoSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  risks: z.string(),
  defaults: z.record(z.string(), z.unknown()),
  fields: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      type: z.enum(['number', 'int', 'boolean', 'enum']),
      min: z.number().nullable(),
      max: z.number().nullable(),
      options: z.array(z.string()).nullable(),
      default: z.unknown(),
    }),
  ),
});

export function presentAdminAdvisor(row: CatalogueRow, planIds: number[]): AdminAdvisor {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    strategy: row.strategy,
    params: row.params,
    limits: row.limits,
    asset_id: row.assetId,
    price: centsToAmount(row.priceCents),
    category: row.category,
    author: row.author,
    features: row.features,
    image: row.image,
    plan_ids: planIds,
    active: row.active,
    autotrader: row.autotrader,
    strategy_name: strategyFacts(row).name,
    summary: strategyWords(row),
    symbol: row.symbolDisplay,
    rating: row.rating,
    downloads: row.downloads,
    backtest: row.backtest,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
