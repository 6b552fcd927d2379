import { Bitcoin, CreditCard } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { cn } from '@/lib/utils';
import { DEFAULT_DEPOSIT_CRYPTO } from './depositMethods';

const METHODS = [
  { to: '/main/deposit/card', label: 'Card', icon: CreditCard, end: true },
  { to: `/main/deposit/${DEFAULT_DEPOSIT_CRYPTO}`, label: 'Crypto', icon: Bitcoin, end: false },
] as const;

/** `/main/deposit`: the frame shared by every deposit method (SPEC §2 route table). */
export function DepositLayout() {
  return (
    <section className="flex flex-col gap-5">
      <h1 className="text-xl font-semibold tracking-tight">Deposit</h1>
      <nav aria-label="Deposit methods" className="flex gap-1 border-b">
        {METHODS.map(({ to, label, icon: Icon, end }) => (
          <NavLink
            key={to}
            to={to}
            end={end}
            className={({ isActive }) =>
              cn(
                '-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium transition-colors',
                isActive
                  ? 'border-primary text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )
            }
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </section>
  );
}
