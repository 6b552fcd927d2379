import {
  closePrice,
  type FieldErrors as DomainFieldErrors,
  type Quote,
  type Side,
  type VolumeUnit,
  validateStops,
} from '@openbroker/domain';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { apiFieldErrors } from '@/api/errors';
import { parseLevel } from './format';
import { type OrderVolume, resolveOrderVolume, type VolumeScale } from './orderVolume';

/** The order form's boxes, as typed. */
export interface OrderFormValues {
  volume: string;
  takeProfit: string;
  stopLoss: string;
}

export interface ValidOrder extends OrderVolume {
  takeProfit: number | null;
  stopLoss: number | null;
}

export interface OrderRules {
  side: Side;
  unit: VolumeUnit;
  scale: VolumeScale;
  quote: Quote | null;
}

/** Field → message, the form's view of a failed check. */
export type Messages<K extends string> = Partial<Record<K, string>>;

/**
 * Checks an order as the server will (SPEC §5, §9): the volume with `validateVolume` and the levels
 * with `validateStops` against the price the position would be valued at (the bid for a buy).
 */
export function checkOrder(
  values: OrderFormValues,
  rules: OrderRules,
): { ok: true; value: ValidOrder } | { ok: false; errors: Messages<keyof OrderFormValues> } {
  const errors: Messages<keyof OrderFormValues> = {};
  const volume = resolveOrderVolume(values.volume, rules.unit, rules.scale);
  if (!volume.ok) errors.volume = firstOf(volume.error.errors, 'volume') ?? volume.error.message;
  let stops = { takeProfit: null as number | null, stopLoss: null as number | null };
  if (rules.quote) {
    const checked = validateStops(
      rules.side,
      closePrice(rules.side, rules.quote),
      parseLevel(values.takeProfit),
      parseLevel(values.stopLoss),
    );
    if (checked.ok) stops = checked.value;
    else {
      errors.takeProfit = firstOf(checked.error.errors, 'takeProfit');
      errors.stopLoss = firstOf(checked.error.errors, 'stopLoss');
    }
  }
  if (!volume.ok || Object.values(errors).some(Boolean)) return { ok: false, errors };
  return { ok: true, value: { ...volume.value, ...stops } };
}

function firstOf(errors: DomainFieldErrors | undefined, field: string): string | undefined {
  return errors?.[field]?.[0];
}

/** A react-hook-form resolver from a check that gives per-field messages. */
export function resolverOf<T extends FieldValues, V>(
  check: (values: T) => { ok: true; value: V } | { ok: false; errors: Messages<Extract<keyof T, string>> },
): Resolver<T, unknown, V> {
  return (values) => {
    const result = check(values);
    if (result.ok) return { values: result.value, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(result.errors)) {
      if (typeof message === 'string') errors[field] = { type: 'validate', message };
    }
    // The keys are T's own field names, so this is the shape react-hook-form reads.
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/** The server's snake_case field names (DESIGN §4 `errors`) to the form's. */
const SERVER_FIELDS: Record<string, string> = {
  volume: 'volume',
  lots: 'volume',
  take_profit: 'takeProfit',
  stop_loss: 'stopLoss',
  entry_price: 'price',
  expires_at: 'expiresAt',
};

/** Per-field messages of a failed call, keyed by the form's field names. */
export function serverFieldMessages(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(apiFieldErrors(error))) {
    const name = SERVER_FIELDS[field];
    const first = Array.isArray(messages) ? messages[0] : undefined;
    if (name && typeof first === 'string') out[name] = first;
  }
  return out;
}
