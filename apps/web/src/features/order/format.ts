import { formatFixed, formatPrice, PRICE_DECIMALS, toCents } from '@openbroker/domain';
import { formatCents, formatNumber, intlLocale } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';

/** Figures as the order form and its dialogs print them (SPEC §9: 5 price decimals in the form). */

/** A price with the order form's 5 decimals; "—" when unknown. */
export function formatOrderPrice(price: number | null | undefined): string {
  return formatPrice(price, PRICE_DECIMALS.orderForm);
}

/** Lots as a volume box holds them, always two decimals with a point: "0.01", "12.50". */
export function formatLots(lots: number): string {
  return formatFixed(lots, 2);
}

/** Lots as text reads them, in the reader's language: "0.01" / "0,01". */
export function lotsLabel(lots: number): string {
  return formatNumber(lots, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Units with thousands separators: "1,000", "0.5". */
export function formatUnits(units: number): string {
  return formatNumber(units, { maximumFractionDigits: 2 });
}

/** An amount of money to the cent, e.g. "$1,170.25"; "—" when unknown. */
export function formatAmount(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  try {
    return formatCents(toCents(amount), currency);
  } catch {
    // Intl knows ISO 4217 codes only; an instrument may be quoted in something else (USDT).
    return `${formatNumber(amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
  }
}

/** A signed percentage with two decimals: "+1.25%", "-0.40%" ("+1,25 %" in Spanish). */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(intlLocale(), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(value / 100);
}

/** A spread in pips with its one decimal: "1.2 pips"; "—" when unknown. */
export function formatPips(pips: number | null | undefined): string {
  if (pips === null || pips === undefined || !Number.isFinite(pips)) return '—';
  const value = formatNumber(pips, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return i18n.t('trade:common.pips', { value });
}

/** Text typed in a price box as a level: empty means "not set" (undefined), anything else a number. */
export function parseLevel(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/**
 * A level as it goes into a price box: at most the order form's 5 decimals, no trailing zeros
 * ("1.1011", "95140.36053"), so a suggested or stored level never shows float noise.
 */
export function levelText(level: number): string {
  return Number.isFinite(level) ? String(Number(formatFixed(level, PRICE_DECIMALS.orderForm))) : '';
}
