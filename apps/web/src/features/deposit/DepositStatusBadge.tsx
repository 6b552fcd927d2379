import type { Deposit } from '@openbroker/domain';
import { cn } from '@/lib/utils';
import { depositReason, depositStatusText } from './depositStatus';

const TONES: Readonly<Record<Deposit['status'], string>> = {
  pending: 'bg-info/15 text-info',
  confirming: 'bg-warning/15 text-warning',
  completed: 'bg-success/15 text-success',
  failed: 'bg-destructive/15 text-destructive',
  expired: 'bg-muted text-muted-foreground',
  rejected: 'bg-destructive/15 text-destructive',
};

/** A deposit's status as a pill, with the rejection reason beneath when there is one. */
export function DepositStatusBadge({ deposit }: { deposit: Deposit }) {
  const reason = depositReason(deposit);
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <span
        className={cn(
          'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
          TONES[deposit.status],
        )}
        data-testid="deposit-status"
      >
        {depositStatusText(deposit)}
      </span>
      {reason ? <span className="text-xs text-muted-foreground">{reason}</span> : null}
    </span>
  );
}
