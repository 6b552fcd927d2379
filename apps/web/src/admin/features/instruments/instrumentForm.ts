import {
  type AdminInstrument,
  type AssetType,
  type InstrumentCreateInput,
  type InstrumentUpdate,
  instrumentCreateSchema,
  instrumentUpdateSchema,
  type WeeklySessions,
} from '@openbroker/domain';

/** The form as typed: numbers stay text until submit, so a half-typed value is never lost. */
export interface InstrumentFormValues {
  symbol: string;
  name: string;
  symbol_display: string;
  category: string;
  type: AssetType;
  base_currency: string;
  quote_currency: string;
  reference_price: string;
  exchange_zone: string;
  enabled: boolean;
  buy_spread: string;
  sell_spread: string;
  /** Empty: the category/plan default. */
  leverage: string;
  contract_size: string;
  /** Empty: the digits the price was seeded with. */
  display_digits: string;
  /** null: the type's default hours. */
  sessions: WeeklySessions | null;
}

export type FieldErrors = Record<string, string | undefined>;

export const EMPTY_FORM: InstrumentFormValues = {
  symbol: '',
  name: '',
  symbol_display: '',
  category: '',
  type: 'stocks',
  base_currency: '',
  quote_currency: 'USD',
  reference_price: '',
  exchange_zone: 'America/New_York',
  enabled: true,
  buy_spread: '0.0001',
  sell_spread: '0.0001',
  leverage: '',
  contract_size: '1',
  display_digits: '',
  sessions: null,
};

export function formOf(inst: AdminInstrument): InstrumentFormValues {
  return {
    symbol: inst.symbol,
    name: inst.name,
    symbol_display: inst.symbol_display,
    category: inst.category,
    type: inst.type,
    base_currency: inst.base_currency,
    quote_currency: inst.quote_currency,
    reference_price: String(inst.reference_price),
    exchange_zone: inst.exchange_zone,
    enabled: inst.enabled,
    buy_spread: String(inst.buy_spread),
    sell_spread: String(inst.sell_spread),
    leverage: inst.leverage === null ? '' : String(inst.leverage),
    contract_size: String(inst.contract_size),
    display_digits: inst.display_digits === null ? '' : String(inst.display_digits),
    sessions: inst.sessions,
  };
}

/** A typed number; text that is not one stays NaN so the schema says what is wrong with it. */
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));
const optionalNum = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** Schema issues as `field` / `sessions.mon.1` → first message, the keys the server uses too. */
function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    out[key] ??= issue.message;
  }
  return out;
}

/** The server's 422 `errors` (field → messages) as field → first message. */
export function serverErrors(errors: Record<string, string[]>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0]]));
}

/** The session errors of a form's errors, keyed for the sessions editor (`mon.1`). */
export function sessionErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith('sessions.'))
      .map(([k, v]) => [k.slice('sessions.'.length), v]),
  );
}

export function updateOf(
  v: InstrumentFormValues,
): { ok: true; value: InstrumentUpdate } | { ok: false; errors: FieldErrors } {
  const parsed = instrumentUpdateSchema.safeParse({
    enabled: v.enabled,
    name: v.name,
    symbol_display: v.symbol_display,
    buy_spread: num(v.buy_spread),
    sell_spread: num(v.sell_spread),
    leverage: optionalNum(v.leverage),
    contract_size: num(v.contract_size),
    display_digits: optionalNum(v.display_digits),
    sessions: v.sessions,
  });
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, errors: errorsOf(parsed.error.issues) };
}

export function createOf(
  v: InstrumentFormValues,
): { ok: true; value: InstrumentCreateInput } | { ok: false; errors: FieldErrors } {
  const input: InstrumentCreateInput = {
    symbol: v.symbol.trim().toUpperCase(),
    name: v.name,
    symbol_display: v.symbol_display.trim() || undefined,
    category: v.category.trim() || undefined,
    type: v.type,
    base_currency: v.base_currency.trim().toUpperCase(),
    quote_currency: v.quote_currency.trim().toUpperCase(),
    reference_price: num(v.reference_price),
    buy_spread: num(v.buy_spread),
    sell_spread: num(v.sell_spread),
    contract_size: num(v.contract_size),
    leverage: optionalNum(v.leverage),
    display_digits: optionalNum(v.display_digits),
    exchange_zone: v.exchange_zone.trim(),
    sessions: v.sessions,
    enabled: v.enabled,
  };
  const parsed = instrumentCreateSchema.safeParse(input);
  // The input, not the parsed value, is sent: the server applies the same defaults.
  return parsed.success ? { ok: true, value: input } : { ok: false, errors: errorsOf(parsed.error.issues) };
}
