import {
  openPrice,
  type PendingKind,
  pendingSide,
  type Quote,
  type VolumeUnit,
  validatePendingPrice,
  validateStops,
} from '@openbroker/domain';
import { i18n } from '@/i18n/i18n';
import { parseLevel } from './format';
import type { Messages } from './orderValidation';
import { type OrderVolume, resolveOrderVolume, type VolumeScale } from './orderVolume';

/** The pending order dialog's boxes, as typed. */
export interface PendingFormValues {
  kind: PendingKind;
  price: string;
  volume: string;
  takeProfit: string;
  stopLoss: string;
  /** A `datetime-local` value in the browser's zone, or empty for good-till-cancelled. */
  expiresAt: string;
}

export interface ValidPending extends OrderVolume {
  kind: PendingKind;
  entryPrice: number;
  takeProfit: number | null;
  stopLoss: number | null;
  /** ISO instant, or null. */
  expiresAt: string | null;
}

/** A pending order kind's name in the reader's language ('Buy Limit'), read when shown. */
export function pendingLabel(kind: PendingKind): string {
  return i18n.t(`trade:pending.kinds.${kind}`);
}

export const EXPIRY_IN_PAST = 'Expiry must be in the future';

/** The market price a pending order of this kind is measured against: the ask for buys, the bid for sells. */
export function marketPriceFor(kind: PendingKind, q: Quote): number {
  return openPrice(pendingSide(kind), q);
}

/**
 * Checks a pending order as the server will (DESIGN §6): price on the right side of the market for
 * its kind, volume 0.01–50 lots, TP/SL against the entry price, expiry in the future.
 */
export function checkPendingOrder(
  values: PendingFormValues,
  rules: { unit: VolumeUnit; scale: VolumeScale; quote: Quote | null; now: number },
): { ok: true; value: ValidPending } | { ok: false; errors: Messages<keyof PendingFormValues> } {
  const errors: Messages<keyof PendingFormValues> = {};
  const side = pendingSide(values.kind);
  const price = parseLevel(values.price) ?? Number.NaN;
  let entryPrice: number | null = null;
  if (rules.quote) {
    const checked = validatePendingPrice(values.kind, price, rules.quote);
    if (checked.ok) entryPrice = checked.value;
    else errors.price = checked.error.errors?.price?.[0] ?? checked.error.message;
  }
  const volume = resolveOrderVolume(values.volume, rules.unit, rules.scale);
  if (!volume.ok) errors.volume = volume.error.errors?.volume?.[0] ?? volume.error.message;
  let takeProfit: number | null = null;
  let stopLoss: number | null = null;
  if (entryPrice !== null) {
    const stops = validateStops(side, entryPrice, parseLevel(values.takeProfit), parseLevel(values.stopLoss));
    if (stops.ok) ({ takeProfit, stopLoss } = stops.value);
    else {
      errors.takeProfit = stops.error.errors?.takeProfit?.[0];
      errors.stopLoss = stops.error.errors?.stopLoss?.[0];
    }
  }
  let expiresAt: string | null = null;
  if (values.expiresAt.trim() !== '') {
    const at = new Date(values.expiresAt).getTime();
    if (!Number.isFinite(at) || at <= rules.now) errors.expiresAt = EXPIRY_IN_PAST;
    else expiresAt = new Date(at).toISOString();
  }
  if (entryPrice === null || !volume.ok || Object.values(errors).some(Boolean)) return { ok: false, errors };
  return {
    ok: true,
    value: { kind: values.kind, entryPrice, ...volume.value, takeProfit, stopLoss, expiresAt },
  };
}
