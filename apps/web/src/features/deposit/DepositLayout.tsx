import { Bitcoin, CreditCard, Landmark } from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router';
import { cn } from '@/lib/utils';
import { DepositHistory } from './DepositHistory';
import { DEFAULT_DEPOSIT_CRYPTO } from './depositMethods';
import { LiveAccountOnly } from './LiveAccountOnly';

type Tab = 'card' | 'wire' | 'crypto';

const TABS: readonly { tab: Tab; to: string; label: string; icon: typeof CreditCard }[] = [
  { tab: 'card', to: '/main/deposit/card', label: 'Card', icon: CreditCard },
  { tab: 'crypto', to: `/main/deposit/${DEFAULT_DEPOSIT_CRYPTO}`, label: 'Crypto', icon: Bitcoin },
  { tab: 'wire', to: '/main/deposit/wire', label: 'Bank wire', icon: Landmark },
];

/** Every segment after /main/deposit/ other than the static ones is a coin. */
function activeTab(pathname: string): Tab {
  const segment = pathname.replace(/^\/main\/deposit\/?/, '').split('/')[0] ?? '';
  if (segment === 'card' || segment === 'wire') return segment;
  return 'crypto';
}

/** `/main/deposit`: the method tabs, the chosen method's page and the deposit history (SPEC §1). */
export function DepositLayout() {
  const current = activeTab(useLocation().pathname);
  return (
    <section className="flex flex-col gap-5">
      <h1 className="text-xl font-semibold tracking-tight">Deposit</h1>
      <LiveAccountOnly action="deposit">
        {() => (
          <>
            <nav aria-label="Deposit methods" className="flex gap-1 overflow-x-auto border-b">
              {TABS.map(({ tab, to, label, icon: Icon }) => (
                <Link
                  key={tab}
                  to={to}
                  aria-current={tab === current ? 'page' : undefined}
                  className={cn(
                    '-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                    tab === current
                      ? 'border-primary text-foreground'
                      : 'border-transparent text-muted-foreground hover:text-foreground',
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </Link>
              ))}
            </nav>
            <Outlet />
            <DepositHistory />
          </>
        )}
      </LiveAccountOnly>
    </section>
  );
}
