import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import { MAIN_NAV_ITEMS } from './mainNavItems';

interface MainNavProps {
  /** Called after a link is chosen, so the phone menu can close itself. */
  onNavigate?: () => void;
  /** The landmark's name: the phone menu's copy is named apart from the sidebar's. */
  label?: string;
}

export function MainNav({ onNavigate, label }: MainNavProps) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={label ?? t('nav.label')} className="flex flex-col gap-0.5 p-2">
      {MAIN_NAV_ITEMS.map(({ to, labelKey, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              'flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
              isActive
                ? 'bg-primary/12 text-foreground shadow-[inset_2px_0_0_var(--primary)] rtl:shadow-[inset_-2px_0_0_var(--primary)]'
                : 'text-muted-foreground hover:bg-accent hover:text-foreground',
            )
          }
        >
          {({ isActive }) => (
            <>
              <Icon className={cn('size-4 shrink-0', isActive && 'text-primary')} aria-hidden="true" />
              <span className="truncate">{t(labelKey)}</span>
            </>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
