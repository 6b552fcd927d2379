import { formatMoney, type MarginCallRow } from '@openbroker/domain';
import { Link } from 'react-router';

const money = (cents: number, currency: string) => formatMoney(BigInt(cents), currency);

/** Accounts at or below their plan's margin-call level, the lowest level first. */
export function MarginCallsTable({ rows }: { rows: MarginCallRow[] }) {
  if (rows.length === 0) {
    return (
      <p className="rounded-md border p-6 text-center text-muted-foreground text-sm">
        No account is in margin call.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm" aria-label="Accounts in margin call" data-testid="margin-calls-table">
        <thead className="bg-muted/40 text-left text-muted-foreground text-xs uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Client
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Account
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Equity
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Margin
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Margin level
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Call / stop-out at
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.account_id} className="border-t" data-testid="margin-call-row">
              <td className="whitespace-nowrap px-3 py-2">
                <Link to={`/admin/clients/${r.user_id}`} className="font-medium text-primary hover:underline">
                  {r.name}
                </Link>
                <div className="text-muted-foreground text-xs">{r.email}</div>
              </td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{r.account_number}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                {money(r.equity_cents, r.currency)}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                {money(r.margin_cents, r.currency)}
              </td>
              <td
                className={`whitespace-nowrap px-3 py-2 text-right font-medium tabular-nums ${r.margin_level <= r.stop_out_level ? 'text-sell' : 'text-warning'}`}
              >
                {r.margin_level.toFixed(2)}%
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right text-muted-foreground tabular-nums">
                {r.margin_call_level}% / {r.stop_out_level}%
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
