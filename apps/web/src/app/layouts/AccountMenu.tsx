import { formatMarginLevel } from '@openbroker/domain';
import * as PopoverPrimitive from '@radix-ui/react-popover';
import { Check, ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { AccountTypeBadge } from '@/features/accounts/AccountTypeBadge';
import { pnlClass } from '@/features/money/Money';
import { useAccountCurrency, useCurrencies, useMoneyFormatter } from '@/features/money/useMoney';
import { useLivePortfolio } from '@/features/positions/useLivePortfolio';
import { cn } from '@/lib/utils';
import { useDisplayCurrencyStore } from '@/stores/displayCurrencyStore';
import type { PriceStore } from '@/stores/priceStore';
import { useSessionStore } from '@/stores/sessionStore';

export interface AccountMenuProps {
  /** For tests; the app's price store otherwise. */
  store?: PriceStore;
}

/**
 * The main header's account dropdown (SPEC §2): the selected account's live balance, profit,
 * equity, margin, margin level and free margin; switching between the user's accounts; and the
 * display currency (SPEC §1).
 */
export function AccountMenu({ store }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('common');
  const user = useSessionStore((s) => s.user);
  const selected = useSessionStore((s) => s.selectedAccountIndex);
  const setSelected = useSessionStore((s) => s.setSelectedAccountIndex);
  const accounts = user?.accounts ?? [];
  const current = accounts[selected] ?? accounts[0];

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
      <PopoverPrimitive.Trigger
        data-testid="account-menu-trigger"
        className="flex h-9 min-w-0 shrink items-center gap-1.5 rounded-md border border-transparent px-2 text-start outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring/60 data-[state=open]:bg-accent"
      >
        <span className="sr-only">{t('accountMenu.trigger')}</span>
        <span className="flex min-w-0 flex-col leading-tight">
          <span className="hidden truncate text-xs text-muted-foreground uppercase sm:block">
            {current
              ? `${current.title} · ${current.number}${current.type === 'demo' ? ` · ${t('accountMenu.demo')}` : ''}`
              : t('accountMenu.equity')}
          </span>
          <TriggerEquity store={store} />
        </span>
        <ChevronDown className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          data-testid="account-menu"
          className="z-50 flex w-[min(20rem,calc(100vw-1rem))] flex-col gap-3 rounded-lg border bg-popover p-3 text-popover-foreground shadow-xl outline-none"
        >
          <div className="flex flex-col">
            <span className="flex items-center gap-2 text-sm font-semibold">
              {current?.title ?? t('accountMenu.tradingAccount')}
              {/* Demo money is marked wherever it shows; live is the norm and goes unmarked here. */}
              {current?.type === 'demo' ? <AccountTypeBadge type="demo" detail /> : null}
            </span>
            {current ? (
              <span className="text-xs text-muted-foreground">
                {current.number} · {current.currency}
              </span>
            ) : null}
          </div>
          <AccountFigures store={store} />
          {accounts.length > 1 ? (
            <div className="flex flex-col gap-1 border-t pt-3">
              <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                {t('accountMenu.switchAccount')}
              </span>
              <ul aria-label={t('accountMenu.accounts')} className="flex flex-col gap-0.5">
                {accounts.map((a, i) => {
                  const active = i === selected;
                  return (
                    <li key={a.id}>
                      <button
                        type="button"
                        aria-current={active ? 'true' : undefined}
                        onClick={() => {
                          if (!active) setSelected(i);
                          setOpen(false);
                        }}
                        className={cn(
                          'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-start text-sm outline-none transition-colors hover:bg-accent focus-visible:bg-accent',
                          active && 'bg-primary/10',
                        )}
                      >
                        <span className="flex min-w-0 flex-1 flex-col leading-tight">
                          <span className="flex min-w-0 items-center gap-1.5">
                            <span className="truncate font-medium">{a.title}</span>
                            {a.type === 'demo' ? <AccountTypeBadge type="demo" /> : null}
                          </span>
                          <span className="truncate text-xs text-muted-foreground">
                            {a.number} · {a.currency}
                          </span>
                        </span>
                        {active ? (
                          <Check className="size-4 text-primary" aria-label={t('accountMenu.selected')} />
                        ) : null}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}
          <DisplayCurrencySelect />
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}

/** The equity in the trigger; its own component so a tick re-renders only this text. */
function TriggerEquity({ store }: { store?: PriceStore }) {
  const { summary, currency } = useLivePortfolio(store);
  const format = useMoneyFormatter();
  return (
    <span data-testid="header-equity" className="truncate text-sm font-semibold tabular-nums">
      {format(summary.equity, { from: currency })}
    </span>
  );
}

/** SPEC §2 account dropdown figures, live. */
export function AccountFigures({ store }: { store?: PriceStore }) {
  const { summary, currency } = useLivePortfolio(store);
  const format = useMoneyFormatter();
  const { t } = useTranslation('common');
  const rows: { key: string; label: string; value: string; tone?: string }[] = [
    {
      key: 'balance',
      label: t('accountMenu.figures.balance'),
      value: format(summary.balance, { from: currency }),
    },
    {
      key: 'profit',
      label: t('accountMenu.figures.profit'),
      value: format(summary.pnl, { from: currency, signed: true }),
      tone: pnlClass(summary.pnl),
    },
    {
      key: 'equity',
      label: t('accountMenu.figures.equity'),
      value: format(summary.equity, { from: currency }),
    },
    {
      key: 'margin',
      label: t('accountMenu.figures.margin'),
      value: format(summary.margin, { from: currency }),
    },
    {
      key: 'margin-level',
      label: t('accountMenu.figures.marginLevel'),
      value: formatMarginLevel(summary.marginLevel),
    },
    {
      key: 'free-margin',
      label: t('accountMenu.figures.freeMargin'),
      value: format(summary.freeMargin, { from: currency }),
    },
  ];
  if (summary.credit !== 0) {
    rows.splice(1, 0, {
      key: 'credit',
      label: t('accountMenu.figures.credit'),
      value: format(summary.credit, { from: currency }),
    });
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="account-figures">
      {rows.map((r) => (
        <div key={r.key} className="contents">
          <dt className="text-muted-foreground">{r.label}</dt>
          <dd data-figure={r.key} className={cn('text-end font-medium tabular-nums', r.tone)}>
            {r.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * SPEC §1: the display currency, stored locally; the list comes with the shared data's rates. The
 * first option, the account's own currency, clears the choice (issue 14: a EUR account reads in EUR).
 */
function DisplayCurrencySelect() {
  const code = useDisplayCurrencyStore((s) => s.code);
  const setCode = useDisplayCurrencyStore((s) => s.setCode);
  const currencies = useCurrencies();
  const accountCurrency = useAccountCurrency();
  const id = useId();
  const { t } = useTranslation('common');
  const codes = currencies.map((c) => c.code);
  if (code && !codes.includes(code)) codes.unshift(code);
  return (
    <div className="flex items-center justify-between gap-3 border-t pt-3 text-sm">
      <label htmlFor={id} className="text-muted-foreground">
        {t('accountMenu.displayCurrency')}
      </label>
      <NativeSelect
        id={id}
        value={code ?? ''}
        onChange={(e) => setCode(e.target.value || null)}
        className="h-8 w-36"
      >
        <option value="">{t('accountMenu.accountCurrency', { currency: accountCurrency })}</option>
        {codes.map((c) => {
          const symbol = currencies.find((x) => x.code === c)?.symbol;
          return (
            <option key={c} value={c}>
              {symbol && symbol !== c ? `${c} (${symbol})` : c}
            </option>
          );
        })}
      </NativeSelect>
    </div>
  );
}
