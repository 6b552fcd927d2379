import type { Trade } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n/i18n';
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
      // i18n-ignore: "EA" and "AutoTrader" are product names.
      return name ? `EA · ${name}` : 'EA';
    case 'autotrader':
      // i18n-ignore: product name.
      return name && name !== 'AutoTrader' ? `AutoTrader · ${name}` : 'AutoTrader';
    case 'staff':
      return i18n.t('trade:positions.origin.staff');
    default:
      return null;
  }
}

export function OriginBadge({ trade, className }: { trade: Trade; className?: string }) {
  const { t } = useTranslation('trade');
  const label = originLabel(trade);
  if (!label) return null;
  return (
    <span
      data-testid="trade-origin"
      title={t('positions.origin.placedBy', { label })}
      className={cn(
        'inline-block max-w-full truncate rounded border border-primary/40 bg-primary/10 px-1 text-xs leading-4 font-medium text-foreground',
        className,
      )}
    >
      <span className="sr-only">{t('positions.origin.placedByPrefix')}</span>
      {label}
    </span>
  );
}
