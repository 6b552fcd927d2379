import type { TradingAccount } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/**
 * Live or Demo beside an account, so virtual funds are never taken for real money (DESIGN §11).
 * `detail` spells the demo out in full where there is room.
 */
export function AccountTypeBadge({
  type,
  detail = false,
  className,
}: {
  type: TradingAccount['type'];
  detail?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('money');
  const demo = type === 'demo';
  return (
    <span
      data-testid="account-type"
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-medium',
        demo
          ? 'border-warning/50 bg-warning/10 text-warning'
          : 'border-success/40 bg-success/10 text-success',
        className,
      )}
    >
      {demo ? (detail ? t('accounts.type.demoDetail') : t('accounts.type.demo')) : t('accounts.type.live')}
    </span>
  );
}
