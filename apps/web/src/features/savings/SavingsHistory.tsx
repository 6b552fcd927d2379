import type { SavingsPosition } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/features/money/convert';
import { formatDay, formatRate } from './savingsFormat';

/** Positions already redeemed: what was put in, the interest it earned, and when it came back. */
export function SavingsHistory({ positions }: { positions: readonly SavingsPosition[] }) {
  const { t } = useTranslation('money');
  if (positions.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('savings.history.empty')}</p>;
  }
  return (
    <section
      aria-label={t('savings.history.caption')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-xl border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">{t('savings.history.caption')}</caption>
        <thead className="bg-muted/40 text-start text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t('savings.history.product')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              {t('savings.positions.principal')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              {t('savings.history.interest')}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t('savings.positions.started')}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t('savings.history.redeemed')}
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
              <td className="px-3 py-2 text-end tabular-nums">{formatAmount(p.principal, p.currency)}</td>
              <td className="px-3 py-2 text-end tabular-nums">
                {formatAmount(p.accrued_interest, p.currency)}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDay(p.started_at)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDay(p.redeemed_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
