import type { ClientAccount } from '@openbroker/domain';
import { formatAmount, formatLevel } from '../format';

/** Each trading account valued as the client's own summary values it, at live prices. */
export function AccountsTab({ accounts }: { accounts: ClientAccount[] }) {
  if (accounts.length === 0)
    return <p className="text-muted-foreground text-sm">This client has no trading account.</p>;
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm" aria-label="Trading accounts">
        <thead className="bg-muted/40 text-left text-muted-foreground text-xs uppercase">
          <tr>
            {[
              'Account',
              'Balance',
              'Credit',
              'Equity',
              'Margin',
              'Free margin',
              'Margin level',
              'Floating P/L',
            ].map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {accounts.map((a) => (
            <tr key={a.account_id} className="border-t tabular-nums">
              <td className="whitespace-nowrap px-3 py-2">
                {a.number}{' '}
                <span className="text-muted-foreground text-xs">
                  {a.title} · {a.currency}
                </span>
              </td>
              <td className="whitespace-nowrap px-3 py-2">{formatAmount(a.balance, a.currency)}</td>
              <td className="whitespace-nowrap px-3 py-2">{formatAmount(a.credit, a.currency)}</td>
              <td className="whitespace-nowrap px-3 py-2">{formatAmount(a.equity, a.currency)}</td>
              <td className="whitespace-nowrap px-3 py-2">{formatAmount(a.margin, a.currency)}</td>
              <td className="whitespace-nowrap px-3 py-2">{formatAmount(a.freeMargin, a.currency)}</td>
              <td className="whitespace-nowrap px-3 py-2">{formatLevel(a.marginLevel)}</td>
              <td
                className={`whitespace-nowrap px-3 py-2 ${a.pnl < 0 ? 'text-sell' : a.pnl > 0 ? 'text-buy' : ''}`}
              >
                {formatAmount(a.pnl, a.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
