import {
  CRYPTO_NETWORKS,
  type CreateWithdrawal,
  createWithdrawalSchema,
  type WithdrawalOptions,
} from '@openbroker/domain';
import { quoteFee } from '@/features/deposit/feeQuote';
import { formatAmount } from '@/features/money/convert';
import { i18n } from '@/i18n/i18n';

export type WithdrawalMethodOption = WithdrawalOptions['methods'][number];

/** What the form holds; the request is built from it per method. */
export interface WithdrawalFormValues {
  method_key: string;
  amount: string;
  coin: string;
  network: string;
  address: string;
  holder: string;
  iban: string;
  bic: string;
  bank_name: string;
}

export type WithdrawalField = keyof WithdrawalFormValues;

export const EMPTY_WITHDRAWAL: WithdrawalFormValues = {
  method_key: '',
  amount: '',
  coin: '',
  network: '',
  address: '',
  holder: '',
  iban: '',
  bic: '',
  bank_name: '',
};

/** The amount typed, as a number (a comma taken as the decimal point), or NaN. */
export function parseAmount(text: string): number {
  const t = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/**
 * The coin and network a crypto method pays out on: fixed by its key ('crypto:USDT:ethereum'),
 * else the customer chooses among the catalogue's.
 */
export function cryptoTarget(method: WithdrawalMethodOption): { coin: string; network: string } | null {
  const [, coin, network] = method.key.split(':');
  return coin && network ? { coin: coin.toUpperCase(), network: network.toLowerCase() } : null;
}

/** The coin and network pairs a customer may choose; shown as "USDT on Ethereum" at render. */
export const CRYPTO_CHOICES = CRYPTO_NETWORKS.map((n) => ({
  value: `${n.coin}:${n.network}`,
  coin: n.coin,
  network: n.networkLabel,
}));

/** ISO 13616 mod-97 check, so a typo is caught before the request rather than after staff look. */
export function ibanChecksumOk(raw: string): boolean {
  const iban = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** How much of `amount` goes back to which card: the oldest card deposits first. */
export function cardRefundPlan(amount: number, refunds: WithdrawalOptions['card_refunds']) {
  let left = Math.max(0, Math.round(amount * 100));
  return refunds.map((r) => {
    const cents = Math.min(left, Math.round(r.refundable * 100));
    left -= cents;
    return { ...r, amount: cents / 100 };
  });
}

type Built =
  | { ok: true; body: CreateWithdrawal }
  | { ok: false; errors: Partial<Record<WithdrawalField, string>> };

/**
 * The request for the form's values, or the messages to show beside the fields. Limits come from
 * the server's options (minimum, fee, withdrawable); the server checks them all again.
 */
export function buildWithdrawal(values: WithdrawalFormValues, options: WithdrawalOptions): Built {
  const method = options.methods.find((m) => m.enabled && m.key === values.method_key);
  if (!method) return { ok: false, errors: { method_key: i18n.t('money:withdrawal.errors.method') } };
  const amount = parseAmount(values.amount);
  const base = { account_id: options.account_id, amount };
  let candidate: unknown;
  if (method.method === 'crypto') {
    const fixed = cryptoTarget(method);
    const [coin = '', network = ''] = fixed ? [fixed.coin, fixed.network] : values.coin.split(':');
    candidate = { method: 'crypto', ...base, coin, network, address: values.address };
  } else if (method.method === 'bank') {
    candidate = {
      method: 'bank',
      ...base,
      holder: values.holder,
      iban: values.iban.replace(/\s+/g, '').toUpperCase(),
      bic: values.bic.trim().toUpperCase(),
      bank_name: values.bank_name,
    };
  } else {
    candidate = { method: 'card', ...base };
  }

  const errors: Partial<Record<WithdrawalField, string>> = {};
  const parsed = createWithdrawalSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'amount');
      const field: WithdrawalField =
        key === 'network' ? 'coin' : key in EMPTY_WITHDRAWAL ? (key as WithdrawalField) : 'amount';
      errors[field] ??=
        field === 'amount' && values.amount.trim() === ''
          ? i18n.t('money:withdrawal.errors.amount')
          : issue.message;
    }
  }
  if (method.method === 'bank' && !errors.iban && !ibanChecksumOk(values.iban)) {
    errors.iban = i18n.t('money:withdrawal.errors.iban');
  }
  if (!errors.amount && Number.isFinite(amount)) {
    const c = options.currency;
    const total = quoteFee(amount, method).total;
    if (amount < method.min_amount) {
      errors.amount = i18n.t('money:deposit.limits.minimum', { amount: formatAmount(method.min_amount, c) });
    } else if (total > options.withdrawable) {
      errors.amount = i18n.t('money:withdrawal.errors.overWithdrawable', {
        total: formatAmount(total, c),
        withdrawable: formatAmount(options.withdrawable, c),
      });
    } else if (method.method === 'card') {
      const refundable =
        options.card_refunds.reduce((sum, r) => sum + Math.round(r.refundable * 100), 0) / 100;
      if (amount > refundable) {
        errors.amount = i18n.t('money:withdrawal.errors.overRefundable', {
          amount: formatAmount(refundable, c),
        });
      }
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
