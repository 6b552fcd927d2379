import type { WithdrawalOptions } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import { formatAmount } from '@/features/money/convert';
import { cardRefundPlan } from './withdrawalForm';

/**
 * Said before the customer submits: a card withdrawal pays back card deposits to the same cards,
 * oldest first, and how the amount typed would be split between them.
 */
export function CardRefundNote({ options, amount }: { options: WithdrawalOptions; amount: number }) {
  const { t } = useTranslation('money');
  const c = options.currency;
  if (options.card_refunds.length === 0) {
    return (
      <Alert
        variant="warning"
        title={t('withdrawal.card.noneTitle')}
        description={t('withdrawal.card.noneText')}
      />
    );
  }
  const plan = cardRefundPlan(Number.isFinite(amount) ? amount : 0, options.card_refunds);
  return (
    <Alert title={t('withdrawal.card.title')} data-testid="card-refund-note">
      <div className="flex flex-col gap-2 text-sm text-muted-foreground">
        <p>{t('withdrawal.card.text')}</p>
        <ul className="flex flex-col gap-1">
          {plan.map((r) => (
            <li key={r.deposit_id} className="flex justify-between gap-3 tabular-nums">
              <span>
                {r.card_last4
                  ? t('deposit.source.cardEnding', { last4: r.card_last4 })
                  : t('withdrawal.card.ofDeposit', { id: r.deposit_id })}
              </span>
              <span>
                {amount > 0
                  ? t('withdrawal.card.share', {
                      amount: formatAmount(r.amount, c),
                      refundable: formatAmount(r.refundable, c),
                    })
                  : t('withdrawal.card.upTo', { refundable: formatAmount(r.refundable, c) })}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Alert>
  );
}
