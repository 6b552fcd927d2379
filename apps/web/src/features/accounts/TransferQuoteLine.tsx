import type { TradingAccount } from '@openbroker/domain';
import { apiErrorMessage } from '@/api/errors';
import { formatAmount } from '@/features/money/convert';
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
        <span className="text-destructive">{apiErrorMessage(quote.error, 'No quote is available now.')}</span>
      ) : quote.data ? (
        <>
          <span className="text-muted-foreground">Arrives on {to.number}: </span>
          <span className="font-semibold tabular-nums">
            {formatAmount(quote.data.to_amount, to.currency)}
          </span>
          {from.currency !== to.currency ? (
            <span className="block text-xs text-muted-foreground tabular-nums">
              1 {from.currency} = {quote.data.rate.toFixed(5)} {to.currency}, the live rate now; the rate at
              the moment you transfer applies.
            </span>
          ) : null}
        </>
      ) : (
        <span className="text-muted-foreground">Getting a quote…</span>
      )}
    </div>
  );
}
