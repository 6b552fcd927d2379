import { Bitcoin, CreditCard, Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PageHeading } from '@/components/PageHeading';
import { cn } from '@/lib/utils';
import { DepositHistory } from './DepositHistory';
import { DEFAULT_DEPOSIT_CRYPTO } from './depositMethods';
import { depositMethodLabel } from './depositStatus';
import { LiveAccountOnly } from './LiveAccountOnly';

type Tab = 'card' | 'wire' | 'crypto';

const TABS: readonly { tab: Tab; to: string; icon: typeof CreditCard }[] = [
  { tab: 'card', to: '/main/deposit/card', icon: CreditCard },
  { tab: 'crypto', to: `/main/deposit/${DEFAULT_DEPOSIT_CRYPTO}`, icon: Bitcoin },
  { tab: 'wire', to: '/main/deposit/wire', icon: Landmark },
];

/** Every segment after /main/deposit/ other than the static ones is a coin. */
function activeTab(pathname: string): Tab {
  const segment = pathname.replace(/^\/main\/deposit\/?/, '').split('/')[0] ?? '';
  if (segment === 'card' || segment === 'wire') return segment;
  return 'crypto';
}

/** `/main/deposit`: the method tabs, the chosen method's page and the deposit history (SPEC §1). */
export function DepositLayout() {
  const { t } = useTranslation('money');
  const current = activeTab(useLocation().pathname);
  return (
    <section className="flex flex-col gap-5">
      <PageHeading title={t('deposit.title')} />
      <LiveAccountOnly action="deposit">
        {() => (
          <>
            <nav aria-label={t('deposit.methods')} className="flex gap-1 overflow-x-auto border-b">
              {TABS.map(({ tab, to, icon: Icon }) => (
                <Link
                  key={tab}
                  to={to}
                  aria-current={tab === current ? 'page' : undefined}
                  className={cn(
                    '-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring motion-reduce:transition-none',
                    tab === current
                      ? 'border-primary text-foreground'
                      : 'border-transparent text-muted-foreground hover:text-foreground',
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {depositMethodLabel(tab)}
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
