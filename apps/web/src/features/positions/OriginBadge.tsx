import type { Trade } from '@openbroker/domain';
import { cn } from '@/lib/utils';

/**
 * Who placed a trade, when it was not the customer (issue 16: orders carry the origin `ea` or
 * `autotrader` and the advisor's name, visible in history): "EA · Trend Rider", "AutoTrader ·
 * Trend Rider", "Staff". The customer's own trades carry no badge.
 */
export function originLabel(trade: Pick<Trade, 'origin' | 'origin_name'>): string | null {
  const name = trade.origin_name?.trim();
  switch (trade.origin) {
    case 'ea':
      return name ? `EA · ${name}` : 'EA';
    case 'autotrader':
      return name && name !== 'AutoTrader' ? `AutoTrader · ${name}` : 'AutoTrader';
    case 'staff':
      return 'Staff';
    default:
      return null;
  }
}

export function OriginBadge({ trade, className }: { trade: Trade; className?: string }) {
  const label = originLabel(trade);
  if (!label) return null;
  return (
    <span
      data-testid="trade-origin"
      title={`Placed by ${label}`}
      className={cn(
        'inline-block max-w-full truncate rounded border border-primary/40 bg-primary/10 px-1 text-[10px] leading-4 font-medium text-primary',
        className,
      )}
    >
      <span className="sr-only">Placed by </span>
      {label}
    </span>
  );
}
