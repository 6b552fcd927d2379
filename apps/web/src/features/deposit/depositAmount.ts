import type { Deposit } from '@openbroker/domain';
import { formatAmount } from '@/features/money/convert';
import { i18n } from '@/i18n/i18n';

/**
 * What a deposit is worth, as text: the account currency once known; a crypto transfer not yet
 * credited shows the coins it carries, as its value is fixed only at the rate when confirmed.
 */
export function depositAmountText(d: Deposit): string {
  const money = formatAmount(d.amount, d.currency);
  if (d.method !== 'crypto' || !d.crypto_amount) return money;
  const coins = `${d.crypto_amount} ${d.coin ?? ''}`.trim();
  return d.status === 'completed' ? `${coins} · ${money}` : coins;
}

/** Where the money came from: "Card •••• 4242", "USDT · Ethereum", "Bank wire · OB123". */
export function depositSourceText(d: Deposit): string {
  if (d.method === 'card') {
    return d.card_last4
      ? i18n.t('money:deposit.source.cardEnding', { last4: d.card_last4 })
      : i18n.t('money:deposit.method.card');
  }
  if (d.method === 'crypto') {
    return [d.coin, d.network].filter(Boolean).join(' · ') || i18n.t('money:deposit.method.crypto');
  }
  return d.reference
    ? i18n.t('money:deposit.source.wireReference', { reference: d.reference })
    : i18n.t('money:deposit.method.wire');
}
