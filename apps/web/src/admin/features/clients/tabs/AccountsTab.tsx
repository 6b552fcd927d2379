import type { ClientAccount } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatLevel } from '../format';

/** Each trading account valued as the client's own summary values it, at live prices. */
export function AccountsTab({ accounts }: { accounts: ClientAccount[] }) {
  const { t } = useTranslation('adminClients');
  if (accounts.length === 0) return <p className="text-muted-foreground text-sm">{t('accounts.none')}</p>;
  const headers = [
    t('accounts.account'),
    t('accounts.balance'),
    t('accounts.credit'),
    t('accounts.equity'),
    t('accounts.margin'),
    t('accounts.freeMargin'),
    t('accounts.marginLevel'),
    t('accounts.pnl'),
  ];
  return (
    <section
      aria-label={t('accounts.tableLabel')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full text-sm" aria-label={t('accounts.tableLabel')}>
        <thead className="bg-muted/40 text-start text-muted-foreground text-xs uppercase">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 text-start font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {accounts.map((a) => (
            <tr key={a.account_id} className="border-t tabular-nums">
              <th scope="row" className="whitespace-nowrap px-3 py-2 text-start font-normal">
                {a.number}{' '}
                <span className="text-muted-foreground text-xs">
                  {a.title} · {a.currency}
                </span>
              </th>
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
    </section>
  );
}
