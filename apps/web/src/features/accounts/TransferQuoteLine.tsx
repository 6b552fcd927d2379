import type { TradingAccount } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { formatAmount } from '@/features/money/convert';
import { formatNumber } from '@/i18n/format';
import { useTransferQuote } from './queries';
import { useDebouncedValue } from './useDebouncedValue';

const QUOTE_DEBOUNCE_MS = 300;

/** What arrives on the other account at the live rate, asked again as the amount settles. */
export function TransferQuoteLine({
  from,
  to,
  amount,
}: {
  from: TradingAccount | undefined;
  to: TradingAccount | undefined;
  amount: number;
}) {
  const { t } = useTranslation('money');
  const settled = useDebouncedValue(Number.isFinite(amount) && amount > 0 ? amount : null, QUOTE_DEBOUNCE_MS);
  const quote = useTransferQuote(from?.id ?? null, to?.id ?? null, settled);
  if (!from || !to || from.id === to.id || settled === null) return null;
  return (
    <div
      aria-live="polite"
      className="rounded-md border bg-muted/40 p-3 text-sm"
      data-testid="transfer-quote"
    >
      {quote.isError ? (
        <span className="text-destructive">
          {apiErrorMessage(quote.error, t('accounts.quote.unavailable'))}
        </span>
      ) : quote.data ? (
        <>
          <span className="text-muted-foreground">{t('accounts.quote.arrives', { number: to.number })} </span>
          <span className="font-semibold tabular-nums">
            {formatAmount(quote.data.to_amount, to.currency)}
          </span>
          {from.currency !== to.currency ? (
            <span className="block text-xs text-muted-foreground tabular-nums">
              {t('accounts.quote.rate', {
                from: from.currency,
                to: to.currency,
                rate: formatNumber(quote.data.rate, { minimumFractionDigits: 5, maximumFractionDigits: 5 }),
              })}
            </span>
          ) : null}
        </>
      ) : (
        <span className="text-muted-foreground">{t('accounts.quote.loading')}</span>
      )}
    </div>
  );
}
