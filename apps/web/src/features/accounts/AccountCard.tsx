import type { TradingAccount } from '@openbroker/domain';
import { Check, RotateCcw, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import type { MoneyFormatter } from '@/features/money/useMoney';
import { cn } from '@/lib/utils';
import { AccountTypeBadge } from './AccountTypeBadge';

interface AccountCardProps {
  account: TradingAccount;
  active: boolean;
  format: MoneyFormatter;
  onSelect: () => void;
  onReset: () => void;
}

/** One trading account: its type, number, currency, balance and credit; select it; reset a demo. */
export function AccountCard({ account: a, active, format, onSelect, onReset }: AccountCardProps) {
  const { t } = useTranslation('money');
  const demo = a.type === 'demo';
  return (
    <li
      data-testid="account-card"
      data-account-id={a.id}
      data-account-type={a.type}
      className={cn(
        'flex flex-col gap-4 rounded-xl border bg-card p-4',
        demo && 'border-dashed',
        active && 'border-primary/60 shadow-[inset_0_0_0_1px_var(--primary)]',
      )}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
          <Wallet className="size-5" aria-hidden="true" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="truncate font-semibold">{a.title}</span>
            <AccountTypeBadge type={a.type} detail={demo} />
          </span>
          <span className="text-xs text-muted-foreground tabular-nums">
            {t('accounts.card.number', { number: a.number })} · {a.currency}
          </span>
        </div>
        {active ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-foreground">
            <Check className="size-3 text-primary" aria-hidden="true" /> {t('accounts.card.selected')}
          </span>
        ) : (
          <Button
            size="sm"
            variant="outline"
            onClick={onSelect}
            aria-label={t('accounts.card.selectLabel', { title: a.title, number: a.number })}
          >
            {t('accounts.card.select')}
          </Button>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-muted-foreground">
            {demo ? t('accounts.card.virtualBalance') : t('dashboard.summary.balance')}
          </dt>
          <dd className="text-base font-semibold tabular-nums">{format(a.balance, { from: a.currency })}</dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-muted-foreground">{t('dashboard.summary.credit')}</dt>
          <dd className="text-base font-semibold tabular-nums">
            {format(a.credit_balance, { from: a.currency })}
          </dd>
        </div>
      </dl>
      {demo ? (
        <Button
          size="sm"
          variant="ghost"
          className="self-start"
          onClick={onReset}
          aria-label={t('accounts.card.resetLabel', { title: a.title, number: a.number })}
        >
          <RotateCcw aria-hidden="true" />
          {t('accounts.reset.confirm')}
        </Button>
      ) : null}
    </li>
  );
}
