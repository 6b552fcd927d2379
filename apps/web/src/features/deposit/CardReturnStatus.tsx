import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { formatAmount } from '@/features/money/convert';
import { depositReason, depositStatusText } from './depositStatus';
import { useDeposit } from './queries';

/**
 * Back from the hosted payment page (`?deposit=<id>`): the deposit's state, asked again until the
 * provider's callback has settled it. The page's own return says nothing: only the callback counts.
 */
export function CardReturnStatus({ id }: { id: number }) {
  const query = useDeposit(id);
  if (query.isError) {
    return (
      <Alert
        variant="destructive"
        description={apiErrorMessage(query.error, 'Unable to load this deposit.')}
      />
    );
  }
  const d = query.data;
  if (!d) return <Spinner aria-label="Loading the deposit" />;
  const amount = formatAmount(d.amount, d.currency);
  if (d.status === 'completed') {
    return (
      <Alert
        variant="success"
        title="Deposit received"
        description={`${formatAmount(d.net_amount, d.currency)} has been added to account ${d.account_number}.`}
      />
    );
  }
  if (d.status === 'pending' || d.status === 'confirming') {
    return (
      <Alert title="Waiting for the payment to be confirmed">
        <span className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner aria-label="Checking" /> Your deposit of {amount} is {depositStatusText(d).toLowerCase()}.
          This page updates by itself.
        </span>
      </Alert>
    );
  }
  const reason = depositReason(d);
  return (
    <Alert
      variant="destructive"
      title={`Deposit ${depositStatusText(d).toLowerCase()}`}
      description={`Your deposit of ${amount} was not completed${reason ? `: ${reason}` : '.'} If your card was charged, contact support.`}
    />
  );
}
