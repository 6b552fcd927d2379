import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/features/money/convert';
import { formatDateTime } from '@/i18n/format';
import { displayTimeZone } from '@/stores/preferencesStore';
import { ProofUpload } from './ProofUpload';
import { useDeposits } from './queries';

/** Announced wire transfers awaiting the money: each takes its transfer confirmation. */
export function PendingWires() {
  const { t } = useTranslation('money');
  const query = useDeposits({ page: 1, method: 'wire', status: 'pending' });
  const pending = (query.data?.data ?? []).filter((d) => d.method === 'wire' && d.status === 'pending');
  if (pending.length === 0) return null;
  return (
    <section aria-labelledby="pending-wires" className="flex flex-col gap-2">
      <h3 id="pending-wires" className="text-sm font-semibold">
        {t('deposit.wire.pendingTitle')}
      </h3>
      <p className="text-xs text-muted-foreground">{t('deposit.wire.pendingHint')}</p>
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
                {d.reference ? `${t('deposit.wire.ref', { reference: d.reference })} · ` : ''}
                {formatDateTime(d.created_at, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                  timeZone: displayTimeZone(),
                })}
              </span>
            </div>
            <ProofUpload deposit={d} />
          </li>
        ))}
      </ul>
    </section>
  );
}
