import type { SavingsPosition } from '@openbroker/domain';
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
  if (positions.length === 0) {
    return (
      <p className="rounded-xl border bg-card px-4 py-6 text-center text-sm text-muted-foreground">
        You have no savings yet
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y rounded-xl border bg-card" aria-label="My savings">
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
            <Figure label="Principal">{money(p.principal)}</Figure>
            <Figure label="Accrued interest">{money(p.accrued_interest)}</Figure>
            <Figure label="Started">{formatDay(p.started_at)}</Figure>
            <Figure label="Matures">{p.matures_at ? formatDay(p.matures_at) : 'Any time'}</Figure>
            <Button
              size="sm"
              variant="outline"
              className="sm:justify-self-end"
              disabled={!p.redeemable}
              onClick={() => onRedeem(p)}
              aria-label={`Redeem ${p.product.name}`}
              title={lockedUntil ? `Redeemable from ${lockedUntil}` : undefined}
            >
              {lockedUntil ? `Redeem from ${lockedUntil}` : 'Redeem'}
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
