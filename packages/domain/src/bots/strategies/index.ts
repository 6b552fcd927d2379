import { z } from 'zod';
import type { Intent, Strategy, StrategyContext } from '../contract.ts';
import { donchianBreakout } from './donchianBreakout.ts';
import { grid } from './grid.ts';
import { maCrossover } from './maCrossover.ts';
import { rsiReversion } from './rsiReversion.ts';
import { trendTrailing } from './trendTrailing.ts';

/**
 * The strategy registry: every strategy the server can run, by key. Each strategy has its own
 * parameter type P; the registry holds them behind one non-generic wrapper (`StrategyEntry`) whose
 * closures keep P, so the server, the engine and the staff form handle any strategy without `any`.
 */

export const STRATEGY_KEYS = [
  'ma_crossover',
  'rsi_reversion',
  'donchian_breakout',
  'trend_trailing',
  'grid',
] as const;
export type StrategyKey = (typeof STRATEGY_KEYS)[number];

export const PARAM_TYPES = ['number', 'int', 'boolean', 'enum'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

/** One parameter as the staff catalogue form shows it. */
export interface ParamField {
  name: string;
  /** The schema's description, e.g. "Fast average (bars)". */
  label: string;
  type: ParamType;
  min: number | null;
  max: number | null;
  options: string[] | null;
  default: unknown;
}

export type ParamErrors = Record<string, string[]>;
export type ParamsResult = { ok: true; params: Record<string, unknown> } | { ok: false; errors: ParamErrors };

/** What a bound strategy sees: the context without `params` (it already holds them). */
export type BoundContext = Omit<StrategyContext<unknown>, 'params'>;

/** A strategy with checked parameters closed over: what the engine runs. */
export interface BoundStrategy {
  key: string;
  params: Record<string, unknown>;
  timeframeMs: number;
  lookback: number;
  onBar(ctx: BoundContext): Intent[];
  /** Null when the strategy only reacts to closed bars. */
  onTick: ((ctx: BoundContext) => Intent[]) | null;
}

export interface StrategyInfo {
  key: string;
  name: string;
  description: string;
  risks: string;
  defaults: Record<string, unknown>;
  fields: ParamField[];
}

export interface StrategyEntry extends StrategyInfo {
  /** Checks parameters against the strategy's schema, filling defaults for missing keys. */
  parse(params: unknown): ParamsResult;
  /** Parses and binds; the engine's way in. */
  bind(params: unknown): { ok: true; strategy: BoundStrategy } | { ok: false; errors: ParamErrors };
}

function fieldOf(name: string, schema: z.ZodType, fallback: unknown): ParamField {
  const base = {
    name,
    label: schema.description ?? name,
    min: null,
    max: null,
    options: null,
    default: fallback,
  };
  if (schema instanceof z.ZodNumber) {
    const finite = (v: number | null) => (v !== null && Number.isFinite(v) ? v : null);
    return {
      ...base,
      type: schema.isInt ? 'int' : 'number',
      min: finite(schema.minValue),
      max: finite(schema.maxValue),
    };
  }
  if (schema instanceof z.ZodBoolean) return { ...base, type: 'boolean' };
  if (schema instanceof z.ZodEnum) return { ...base, type: 'enum', options: schema.options.map(String) };
  return { ...base, type: 'number' };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorsOf(error: z.ZodError): ParamErrors {
  const flat = z.flattenError(error);
  const errors: ParamErrors = {};
  for (const [key, messages] of Object.entries(flat.fieldErrors)) {
    if (Array.isArray(messages) && messages.length > 0) errors[key] = messages.map(String);
  }
  if (flat.formErrors.length > 0) errors.params = flat.formErrors;
  return errors;
}

/** Wraps a typed strategy; P stays inside the closures. */
export function registerStrategy<P extends Record<string, unknown>>(s: Strategy<P>): StrategyEntry {
  const defaults: Record<string, unknown> = { ...s.defaults };
  const fields =
    s.params instanceof z.ZodObject
      ? Object.entries(s.params.shape as Record<string, z.ZodType>).map(([name, schema]) =>
          fieldOf(name, schema, defaults[name]),
        )
      : [];
  const parseTyped = (params: unknown): { ok: true; params: P } | { ok: false; errors: ParamErrors } => {
    if (params !== undefined && params !== null && !isRecord(params)) {
      return { ok: false, errors: { params: ['Parameters must be an object'] } };
    }
    const given = Object.entries(params ?? {}).filter(([, v]) => v !== undefined);
    const result = s.params.safeParse({ ...s.defaults, ...Object.fromEntries(given) });
    return result.success ? { ok: true, params: result.data } : { ok: false, errors: errorsOf(result.error) };
  };
  return {
    key: s.key,
    name: s.name,
    description: s.description,
    risks: s.risks,
    defaults,
    fields,
    parse(params) {
      const r = parseTyped(params);
      return r.ok ? { ok: true, params: { ...r.params } } : r;
    },
    bind(params) {
      const r = parseTyped(params);
      if (!r.ok) return r;
      const p = r.params;
      const onTick = s.onTick;
      return {
        ok: true,
        strategy: {
          key: s.key,
          params: { ...p },
          timeframeMs: s.timeframeMs(p),
          lookback: Math.max(1, s.lookback(p)),
          onBar: (ctx) => s.onBar({ ...ctx, params: p }),
          onTick: onTick === undefined ? null : (ctx) => onTick({ ...ctx, params: p }),
        },
      };
    },
  };
}

const ENTRIES: Record<StrategyKey, StrategyEntry> = {
  ma_crossover: registerStrategy(maCrossover),
  rsi_reversion: registerStrategy(rsiReversion),
  donchian_breakout: registerStrategy(donchianBreakout),
  trend_trailing: registerStrategy(trendTrailing),
  grid: registerStrategy(grid),
};

export function isStrategyKey(key: string): key is StrategyKey {
  return (STRATEGY_KEYS as readonly string[]).includes(key);
}

/** The registered strategy, or undefined for an unknown key. */
export function strategyOf(key: string): StrategyEntry | undefined {
  return isStrategyKey(key) ? ENTRIES[key] : undefined;
}

/** Every strategy for the staff catalogue form: texts, defaults and parameter fields. */
export function listStrategies(): StrategyInfo[] {
  return STRATEGY_KEYS.map((key) => {
    const { name, description, risks, defaults, fields } = ENTRIES[key];
    return {
      key,
      name,
      description,
      risks,
      defaults: { ...defaults },
      fields: fields.map((f) => ({ ...f })),
    };
  });
}

/** Checks a catalogue entry's parameters for `key`, filling defaults for missing keys. */
export function parseStrategyParams(key: string, params: unknown): ParamsResult {
  const entry = strategyOf(key);
  if (entry === undefined) return { ok: false, errors: { strategy: ['Unknown strategy'] } };
  return entry.parse(params);
}

export { donchianBreakout, grid, maCrossover, rsiReversion, trendTrailing };
