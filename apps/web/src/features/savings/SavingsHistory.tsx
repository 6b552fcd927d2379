import type { SavingsPosition } from '@openbroker/domain';
import { formatAmount } from '@/features/money/convert';
import { formatDay, formatRate } from './savingsFormat';

/** Positions already redeemed: what was put in, the interest it earned, and when it came back. */
export function SavingsHistory({ positions }: { positions: readonly SavingsPosition[] }) {
  if (positions.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing redeemed yet</p>;
  }
  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">Redeemed savings</caption>
        <thead className="bg-muted/40 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Product
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Principal
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Interest
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Started
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Redeemed
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {positions.map((p) => (
            <tr key={p.id} data-testid="savings-history-row">
              <td className="px-3 py-2">
                {p.product.name}
                <span className="block text-xs text-muted-foreground">{formatRate(p.annual_rate)}</span>
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{formatAmount(p.principal, p.currency)}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                {formatAmount(p.accrued_interest, p.currency)}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDay(p.started_at)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDay(p.redeemed_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
