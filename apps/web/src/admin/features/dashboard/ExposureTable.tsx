import type { ExposureRow } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { lots, pnlTone, signedUsd, usd } from './format';

const HEAD = 'whitespace-nowrap px-3 py-2 font-medium';
const CELL = 'whitespace-nowrap px-3 py-2 text-end tabular-nums';

/**
 * Open positions per instrument: what customers hold long and short and the net the house carries
 * against them (its exposure is the opposite side). Scrolls sideways on narrow screens.
 */
export function ExposureTable({ rows }: { rows: ExposureRow[] }) {
  const { t } = useTranslation('admin');
  if (rows.length === 0) {
    return (
      <p className="rounded-md border p-6 text-center text-muted-foreground text-sm">
        {t('dashboard.exposure.empty')}
      </p>
    );
  }
  return (
    <section
      aria-label={t('dashboard.exposure.label')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table
        className="w-full text-sm"
        aria-label={t('dashboard.exposure.label')}
        data-testid="exposure-table"
      >
        <thead className="bg-muted/40 text-start text-muted-foreground text-xs uppercase">
          <tr>
            <th scope="col" className={HEAD}>
              {t('dashboard.exposure.instrument')}
            </th>
            <th scope="col" className={cn(HEAD, 'text-end')}>
              {t('dashboard.exposure.positions')}
            </th>
            <th scope="col" className={cn(HEAD, 'text-end')}>
              {t('dashboard.exposure.longLots')}
            </th>
            <th scope="col" className={cn(HEAD, 'text-end')}>
              {t('dashboard.exposure.shortLots')}
            </th>
            <th scope="col" className={cn(HEAD, 'text-end')}>
              {t('dashboard.exposure.netLots')}
            </th>
            <th scope="col" className={cn(HEAD, 'text-end')}>
              {t('dashboard.exposure.longUsd')}
            </th>
            <th scope="col" className={cn(HEAD, 'text-end')}>
              {t('dashboard.exposure.shortUsd')}
            </th>
            <th scope="col" className={cn(HEAD, 'text-end')}>
              {t('dashboard.exposure.netUsd')}
            </th>
            <th scope="col" className={cn(HEAD, 'text-end')}>
              {t('dashboard.exposure.floatingPnl')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.asset_id} className="border-t hover:bg-muted/30" data-testid="exposure-row">
              <th scope="row" className="whitespace-nowrap px-3 py-2 text-start font-medium">
                {r.symbol}
                {r.name ? (
                  <span className="ms-2 font-normal text-muted-foreground text-xs">{r.name}</span>
                ) : null}
                {r.priced ? null : (
                  <span className="ms-2 font-normal text-warning text-xs">
                    {t('dashboard.exposure.noLivePrice')}
                  </span>
                )}
              </th>
              <td className={CELL}>{r.positions}</td>
              <td className={CELL}>{lots(r.long_lots)}</td>
              <td className={CELL}>{lots(r.short_lots)}</td>
              <td className={CELL}>{lots(r.net_lots, true)}</td>
              <td className={CELL}>{usd(r.long_notional_cents)}</td>
              <td className={CELL}>{usd(r.short_notional_cents)}</td>
              <td className={CELL}>{signedUsd(r.net_notional_cents)}</td>
              <td className={cn(CELL, pnlTone(r.floating_pnl_cents))}>{signedUsd(r.floating_pnl_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
