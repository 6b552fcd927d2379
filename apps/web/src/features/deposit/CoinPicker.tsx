import type { CryptoCoin } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';
import { coinSlug } from './depositMethods';

/** The coins taken, as links to their own page (`/main/deposit/usdt`). */
export function CoinPicker({
  coins,
  current,
}: {
  coins: readonly CryptoCoin[];
  current: string | undefined;
}) {
  const { t } = useTranslation('money');
  return (
    <nav aria-label={t('deposit.crypto.coin')} className="flex flex-wrap gap-2">
      {coins.map((c) => {
        const active = c.coin === current;
        return (
          <Link
            key={c.coin}
            to={`/main/deposit/${coinSlug(c.coin)}`}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'flex min-w-24 flex-col rounded-lg border px-3 py-2 text-sm transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring motion-reduce:transition-none',
              active ? 'border-primary bg-primary/10' : 'hover:bg-accent',
            )}
          >
            <span className="font-semibold">{c.coin}</span>
            <span className="text-xs text-muted-foreground">{c.name}</span>
          </Link>
        );
      })}
    </nav>
  );
}
