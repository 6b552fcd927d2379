import { Check, Wallet } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { useMoneyFormatter } from '@/features/money/useMoney';
import { cn } from '@/lib/utils';
import { useSessionStore } from '@/stores/sessionStore';

const NO_ACCOUNTS: never[] = [];

/**
 * `/main/accounts`: the user's trading accounts (number, title, currency, balance, credit) and
 * which one the app works on; "Select" switches it (SPEC §3 selectedAccountIndex).
 */
export function AccountsPage() {
  const accounts = useSessionStore((s) => s.user?.accounts ?? NO_ACCOUNTS);
  const selected = useSessionStore((s) => s.selectedAccountIndex);
  const select = useSessionStore((s) => s.setSelectedAccountIndex);
  const format = useMoneyFormatter();
  const current = accounts[selected] ? selected : 0;

  return (
    <section className="flex flex-col gap-5" data-testid="accounts-page">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">Accounts</h1>
        <p className="text-sm text-muted-foreground">
          Your trading accounts. The selected one is used across the app and the terminal.
        </p>
      </div>
      {accounts.length === 0 ? (
        <p className="rounded-xl border bg-card px-4 py-8 text-center text-sm text-muted-foreground">
          No trading accounts found
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Trading accounts">
          {accounts.map((a, i) => {
            const active = i === current;
            return (
              <li
                key={a.id}
                data-testid="account-card"
                data-account-id={a.id}
                className={cn(
                  'flex flex-col gap-4 rounded-xl border bg-card p-4',
                  active && 'border-primary/60 shadow-[inset_0_0_0_1px_var(--primary)]',
                )}
              >
                <div className="flex items-start gap-3">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
                    <Wallet className="size-5" aria-hidden="true" />
                  </span>
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-semibold">{a.title}</span>
                    <span className="text-xs text-muted-foreground tabular-nums">
                      No. {a.number} · {a.currency}
                    </span>
                  </div>
                  {active ? (
                    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-primary">
                      <Check className="size-3" aria-hidden="true" /> Selected
                    </span>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => select(i)}
                      aria-label={`Select ${a.title} ${a.number}`}
                    >
                      Select
                    </Button>
                  )}
                </div>
                <dl className="grid grid-cols-2 gap-3 text-sm">
                  <div className="flex flex-col gap-0.5">
                    <dt className="text-xs text-muted-foreground">Balance</dt>
                    <dd className="text-base font-semibold tabular-nums">
                      {format(a.balance, { from: a.currency })}
                    </dd>
                  </div>
                  <div className="flex flex-col gap-0.5">
                    <dt className="text-xs text-muted-foreground">Credit</dt>
                    <dd className="text-base font-semibold tabular-nums">
                      {format(a.credit_balance, { from: a.currency })}
                    </dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
