import { useTranslation } from 'react-i18next';
import { quoteFee } from '@/features/deposit/feeQuote';
import { formatAmount } from '@/features/money/convert';
import type { WithdrawalMethodOption } from './withdrawalForm';

/** Fee and total for the amount typed, and whether it needs a second staff approval. */
export function WithdrawalSummary({
  amount,
  method,
  currency,
  threshold,
}: {
  amount: number;
  method: WithdrawalMethodOption | undefined;
  currency: string;
  threshold: number;
}) {
  const { t } = useTranslation('money');
  const quote = method && Number.isFinite(amount) && amount > 0 ? quoteFee(amount, method) : null;
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border bg-muted/30 px-4 py-3 text-sm">
        <dt className="text-muted-foreground">{t('deposit.amount.fee')}</dt>
        <dd className="text-end tabular-nums" data-testid="withdrawal-fee">
          {quote ? formatAmount(quote.fee, currency) : '—'}
        </dd>
        <dt className="text-muted-foreground">{t('withdrawal.summary.taken')}</dt>
        <dd className="text-end font-semibold tabular-nums" data-testid="withdrawal-total">
          {quote ? formatAmount(quote.total, currency) : '—'}
        </dd>
      </dl>
      {quote && amount >= threshold ? (
        <p className="text-xs text-muted-foreground" data-testid="two-level-note">
          {t('withdrawal.summary.twoLevel', { amount: formatAmount(threshold, currency) })}
        </p>
      ) : null}
    </div>
  );
}
