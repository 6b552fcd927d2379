import type { SavingsPosition } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { formatAmount } from '@/features/money/convert';
import { formatDay, formatRate, kindLabel } from './savingsFormat';

/**
 * The customer's active savings: principal, interest accrued so far, rate, start and maturity, and
 * "Redeem", which a fixed term allows only once matured (the button says when).
 */
export function PositionList({
  positions,
  onRedeem,
}: {
  positions: readonly SavingsPosition[];
  onRedeem: (position: SavingsPosition) => void;
}) {
  const { t } = useTranslation('money');
  if (positions.length === 0) {
    return (
      <p className="rounded-xl border bg-card px-4 py-6 text-center text-sm text-muted-foreground">
        {t('savings.positions.empty')}
      </p>
    );
  }
  return (
    <ul
      className="flex flex-col divide-y rounded-xl border bg-card"
      aria-label={t('savings.positions.title')}
    >
      {positions.map((p) => {
        const money = (n: number) => formatAmount(n, p.currency);
        const lockedUntil = !p.redeemable && p.matures_at ? formatDay(p.matures_at) : null;
        return (
          <li
            key={p.id}
            data-testid="savings-position"
            className="grid gap-3 px-4 py-3 text-sm sm:grid-cols-[minmax(0,1.5fr)_repeat(4,minmax(0,1fr))_13rem] sm:items-center"
          >
            <div className="min-w-0">
              <div className="truncate font-semibold">{p.product.name}</div>
              <div className="text-xs text-muted-foreground">
                {kindLabel(p.product.kind)} · {formatRate(p.annual_rate)}
              </div>
            </div>
            <Figure label={t('savings.positions.principal')}>{money(p.principal)}</Figure>
            <Figure label={t('savings.positions.accrued')}>{money(p.accrued_interest)}</Figure>
            <Figure label={t('savings.positions.started')}>{formatDay(p.started_at)}</Figure>
            <Figure label={t('savings.positions.matures')}>
              {p.matures_at ? formatDay(p.matures_at) : t('savings.positions.anyTime')}
            </Figure>
            <Button
              size="sm"
              variant="outline"
              className="sm:justify-self-end"
              disabled={!p.redeemable}
              onClick={() => onRedeem(p)}
              aria-label={t('savings.positions.redeemLabel', { name: p.product.name })}
              title={lockedUntil ? t('savings.positions.redeemableFrom', { date: lockedUntil }) : undefined}
            >
              {lockedUntil
                ? t('savings.positions.redeemFrom', { date: lockedUntil })
                : t('savings.positions.redeem')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

function Figure({ label, children }: { label: string; children: string }) {
  return (
    <div className="flex justify-between gap-2 sm:flex-col sm:justify-start">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="tabular-nums">{children}</span>
    </div>
  );
}
