import { formatAmount } from '@/features/money/convert';
import { formatDateTime } from '@/features/settings/formatTime';
import { ProofUpload } from './ProofUpload';
import { useDeposits } from './queries';

/** Announced wire transfers awaiting the money: each takes its transfer confirmation. */
export function PendingWires() {
  const query = useDeposits({ page: 1, method: 'wire', status: 'pending' });
  const pending = (query.data?.data ?? []).filter((d) => d.method === 'wire' && d.status === 'pending');
  if (pending.length === 0) return null;
  return (
    <section aria-labelledby="pending-wires" className="flex flex-col gap-2">
      <h3 id="pending-wires" className="text-sm font-semibold">
        Your announced transfers
      </h3>
      <p className="text-xs text-muted-foreground">
        Upload the bank's confirmation of each transfer. We credit your account once we have received the
        money.
      </p>
      <ul className="flex flex-col gap-2">
        {pending.map((d) => (
          <li
            key={d.id}
            className="flex flex-col gap-3 rounded-xl border bg-card p-3"
            data-testid="pending-wire"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span className="font-semibold tabular-nums">{formatAmount(d.amount, d.currency)}</span>
              <span className="text-xs text-muted-foreground">
                {d.reference ? `Ref. ${d.reference} · ` : ''}
                {formatDateTime(d.created_at)}
              </span>
            </div>
            <ProofUpload deposit={d} />
          </li>
        ))}
      </ul>
    </section>
  );
}
