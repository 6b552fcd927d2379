import type { ExposureRow } from '@openbroker/domain';
import { cn } from '@/lib/utils';
import { lots, pnlTone, signedUsd, usd } from './format';

const HEAD = 'whitespace-nowrap px-3 py-2 font-medium';
const CELL = 'whitespace-nowrap px-3 py-2 text-right tabular-nums';

/**
 * Open positions per instrument: what customers hold long and short and the net the house carries
 * against them (its exposure is the opposite side). Scrolls sideways on narrow screens.
 */
export function ExposureTable({ rows }: { rows: ExposureRow[] }) {
  if (rows.length === 0) {
    return (
      <p className="rounded-md border p-6 text-center text-muted-foreground text-sm">
        No open positions: the house carries no exposure right now.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm" aria-label="Exposure per instrument" data-testid="exposure-table">
        <thead className="bg-muted/40 text-left text-muted-foreground text-xs uppercase">
          <tr>
            <th scope="col" className={HEAD}>
              Instrument
            </th>
            <th scope="col" className={cn(HEAD, 'text-right')}>
              Positions
            </th>
            <th scope="col" className={cn(HEAD, 'text-right')}>
              Long lots
            </th>
            <th scope="col" className={cn(HEAD, 'text-right')}>
              Short lots
            </th>
            <th scope="col" className={cn(HEAD, 'text-right')}>
              Net lots
            </th>
            <th scope="col" className={cn(HEAD, 'text-right')}>
              Long (USD)
            </th>
            <th scope="col" className={cn(HEAD, 'text-right')}>
              Short (USD)
            </th>
            <th scope="col" className={cn(HEAD, 'text-right')}>
              Net (USD)
            </th>
            <th scope="col" className={cn(HEAD, 'text-right')}>
              Customers’ floating P/L
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.asset_id} className="border-t hover:bg-muted/30" data-testid="exposure-row">
              <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium">
                {r.symbol}
                {r.name ? (
                  <span className="ml-2 font-normal text-muted-foreground text-xs">{r.name}</span>
                ) : null}
                {r.priced ? null : (
                  <span className="ml-2 font-normal text-warning text-xs">no live price</span>
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
    </div>
  );
}
