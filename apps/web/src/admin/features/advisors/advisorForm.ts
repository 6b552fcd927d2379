import { advisorInputSchema, DEFAULT_LIMITS, type ParamField, type StrategyInfo } from '@openbroker/domain';
import { formatNumber } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import type { AdminAdvisor, AdminAdvisorBody } from './queries';

/** A parameter as typed: text for numbers and choices, a flag for booleans. */
export type ParamValue = string | boolean;

/** The catalogue form's inputs (numbers as text until sent, trading hours as HH:MM). */
export interface AdvisorFormValues {
  name: string;
  description: string;
  strategy: string;
  params: Record<string, ParamValue>;
  maxLots: string;
  maxOpenPositions: string;
  equityStopPct: string;
  closeOnEquityStop: boolean;
  /** Trade whenever the market is open (no hours of its own). */
  anyHours: boolean;
  hoursFrom: string;
  hoursTo: string;
  asset_id: number | null;
  price: string;
  category: string;
  author: string;
  features: string[];
  image: string;
  plan_ids: number[];
  active: boolean;
  autotrader: boolean;
}

export const NEW_ADVISOR: AdvisorFormValues = {
  name: '',
  description: '',
  strategy: '',
  params: {},
  // The platform's defaults for a run (DEFAULT_LIMITS), as text.
  maxLots: String(DEFAULT_LIMITS.maxLots),
  maxOpenPositions: String(DEFAULT_LIMITS.maxOpenPositions),
  equityStopPct: String(DEFAULT_LIMITS.equityStopPct),
  closeOnEquityStop: DEFAULT_LIMITS.closeOnEquityStop,
  anyHours: DEFAULT_LIMITS.hours === null,
  hoursFrom: '08:00',
  hoursTo: '20:00',
  asset_id: null,
  price: '0',
  category: '',
  author: '',
  features: [],
  image: '',
  plan_ids: [],
  active: true,
  autotrader: false,
};

/** A field's name in words when the strategy gives no label: `maxTotalLots` → "Max total lots". */
export function fieldLabel(field: ParamField): string {
  if (field.label && field.label !== field.name) return field.label;
  const words = field.name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored value as the form shows it. */
function paramText(field: ParamField, value: unknown): ParamValue {
  if (field.type === 'boolean') return value === true;
  return value === undefined || value === null ? '' : String(value);
}

/** The strategy's parameters for the form: `from` (an advisor's own) over the strategy's defaults. */
export function paramValues(
  strategy: StrategyInfo,
  from: Record<string, unknown> = {},
): Record<string, ParamValue> {
  return Object.fromEntries(
    strategy.fields.map((f) => [
      f.name,
      paramText(f, f.name in from ? from[f.name] : strategy.defaults[f.name]),
    ]),
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Minutes of the day as HH:MM; the end of the day (1440) as 24:00. */
export function minuteText(minute: number): string {
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

/** HH:MM as minutes of the day; NaN when it is not a time. `end` reads 00:00 and 24:00 as 1440. */
export function textMinute(text: string, end = false): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return Number.NaN;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min > 0)) return Number.NaN;
  const total = h * 60 + min;
  return end && total === 0 ? 1440 : total;
}

export function advisorFormValues(a: AdminAdvisor, strategy: StrategyInfo | undefined): AdvisorFormValues {
  const hours = a.limits.hours;
  return {
    name: a.name,
    description: a.description,
    strategy: a.strategy,
    // Without the strategy's fields (not loaded yet), the advisor's own values as text.
    params: strategy
      ? paramValues(strategy, a.params)
      : Object.fromEntries(
          Object.entries(a.params).map(([k, v]) => [k, typeof v === 'boolean' ? v : String(v)]),
        ),
    maxLots: String(a.limits.maxLots),
    maxOpenPositions: String(a.limits.maxOpenPositions),
    equityStopPct: String(a.limits.equityStopPct),
    closeOnEquityStop: a.limits.closeOnEquityStop,
    anyHours: hours === null,
    hoursFrom: hours ? minuteText(hours.fromMinute) : NEW_ADVISOR.hoursFrom,
    // A time input cannot show 24:00: the end of the day reads as 00:00 (sent back as 1440).
    hoursTo: hours ? minuteText(hours.toMinute % 1440) : NEW_ADVISOR.hoursTo,
    asset_id: a.asset_id,
    price: String(a.price),
    category: a.category,
    author: a.author,
    features: a.features,
    image: a.image ?? '',
    plan_ids: a.plan_ids,
    active: a.active,
    autotrader: a.autotrader,
  };
}

const num = (t: string): number => (t.trim() === '' ? Number.NaN : Number(t.trim()));

/** A bound as the reader writes numbers, every decimal kept (0.01 stays 0.01). */
const bound = (n: number) => formatNumber(n, { maximumFractionDigits: 20 });

/** A range in words for a hint or an error: "from 2 to 200", in the reader's language. */
export function rangeText(field: ParamField): string {
  const { min, max } = field;
  if (min != null && max != null)
    return i18n.t('admin:advisors.form.range.between', { min: bound(min), max: bound(max) });
  if (min != null) return i18n.t('admin:advisors.form.range.atLeast', { min: bound(min) });
  if (max != null) return i18n.t('admin:advisors.form.range.atMost', { max: bound(max) });
  return '';
}

/** A parameter typed as its strategy declares it, or the reason it cannot be. */
function typedParam(field: ParamField, value: ParamValue | undefined): { value: unknown; error?: string } {
  if (field.type === 'boolean') return { value: value === true };
  const text = typeof value === 'string' ? value.trim() : '';
  if (field.type === 'enum') {
    const options = field.options ?? [];
    return options.includes(text)
      ? { value: text }
      : { value: text, error: i18n.t('admin:advisors.form.chooseOption') };
  }
  const n = num(text);
  const whole = field.type === 'int';
  const range = rangeText(field);
  const ask = whole
    ? range
      ? i18n.t('admin:advisors.form.enterWholeRange', { range })
      : i18n.t('admin:advisors.form.enterWhole')
    : range
      ? i18n.t('admin:advisors.form.enterNumberRange', { range })
      : i18n.t('admin:advisors.form.enterNumber');
  if (!Number.isFinite(n) || (whole && !Number.isInteger(n))) return { value: n, error: ask };
  if ((field.min != null && n < field.min) || (field.max != null && n > field.max))
    return { value: n, error: ask };
  return { value: n };
}

type FriendlyKey =
  | 'name'
  | 'description'
  | 'strategy'
  | 'asset_id'
  | 'price'
  | 'category'
  | 'author'
  | 'features'
  | 'image'
  | 'maxLots'
  | 'maxOpenPositions'
  | 'equityStopPct'
  | 'time';

/** Plain words where the contract's schema has only the library's default messages (catalogue keys). */
const FRIENDLY: Record<string, FriendlyKey> = {
  name: 'name',
  // i18n-ignore: a catalogue key, not text
  description: 'description',
  strategy: 'strategy',
  asset_id: 'asset_id',
  price: 'price',
  category: 'category',
  author: 'author',
  features: 'features',
  image: 'image',
  'limits.maxLots': 'maxLots',
  'limits.maxOpenPositions': 'maxOpenPositions',
  'limits.equityStopPct': 'equityStopPct',
  'limits.hours.fromMinute': 'time',
  'limits.hours.toMinute': 'time',
};

function friendly(key: string): string | undefined {
  const known = FRIENDLY[key];
  return known ? i18n.t(`admin:advisors.form.friendly.${known}`) : undefined;
}

/**
 * Where an error shows, for the form's own check and the server's 422 alike: features.3 on the
 * features, plan_ids.0 on the plans, the hours as a whole on their start.
 */
export function errorKey(path: readonly PropertyKey[] | string): string {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const [head, ...rest] = parts;
  if (head === 'features' || head === 'plan_ids') return head;
  if (head === 'limits' && rest[0] === 'hours' && rest.length === 1) return 'limits.hours.fromMinute';
  return [head ?? 'form', ...rest].join('.');
}

/**
 * What to send and the errors by field (dotted like the server's 422 `errors`: `params.fast`,
 * `limits.maxLots`). Parameters are typed per the strategy's field descriptions.
 */
export function advisorRequest(
  values: AdvisorFormValues,
  strategy: StrategyInfo | undefined,
): { body: AdminAdvisorBody; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const params: Record<string, unknown> = {};
  for (const field of strategy?.fields ?? []) {
    const typed = typedParam(field, values.params[field.name]);
    params[field.name] = typed.value;
    if (typed.error) errors[`params.${field.name}`] = typed.error;
  }
  const from = textMinute(values.hoursFrom);
  const to = textMinute(values.hoursTo, true);
  const body: AdminAdvisorBody = {
    name: values.name.trim(),
    description: values.description.trim(),
    strategy: strategy?.key ?? '',
    params,
    limits: {
      maxLots: num(values.maxLots),
      maxOpenPositions: num(values.maxOpenPositions),
      equityStopPct: num(values.equityStopPct),
      closeOnEquityStop: values.closeOnEquityStop,
      hours: values.anyHours ? null : { fromMinute: from, toMinute: to },
    },
    asset_id: values.asset_id ?? 0,
    price: num(values.price),
    category: values.category.trim(),
    author: values.author.trim(),
    features: values.features.map((f) => f.trim()).filter((f) => f !== ''),
    image: values.image.trim() === '' ? null : values.image.trim(),
    plan_ids: values.plan_ids,
    active: values.active,
    autotrader: values.autotrader,
  };
  const parsed = advisorInputSchema.safeParse(body);
  for (const issue of parsed.error?.issues ?? []) {
    const key = errorKey(issue.path);
    errors[key] ??= friendly(key) ?? issue.message;
  }
  if (!values.anyHours && Number.isFinite(from) && from === to) {
    // The engine reads an equal start and end as the whole day; the checkbox says that plainly.
    errors['limits.hours.toMinute'] ??= i18n.t('admin:advisors.form.sameHours');
  }
  return { body, errors };
}
