import { DEFAULT_SITE_NAME } from '@openbroker/domain';
import { TrendingUp } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useSettingsStore } from '@/stores/settingsStore';

interface SiteBrandProps {
  /** `compact` prefers the small logo (logo_sm) where space is tight, e.g. phone headers. */
  compact?: boolean;
  className?: string;
}

/** The broker's logo from settings, or its name beside a neutral mark when no logo is set. */
export function SiteBrand({ compact = false, className }: SiteBrandProps) {
  const name = useSettingsStore((s) => s.settings?.name) || DEFAULT_SITE_NAME;
  const logo = useSettingsStore((s) => s.settings?.logo);
  const logoSm = useSettingsStore((s) => s.settings?.logo_sm);
  const src = compact ? logoSm || logo : logo || logoSm;

  if (src) {
    return (
      <span data-slot="site-brand" className={cn('inline-flex min-w-0 items-center', className)}>
        <img src={src} alt={name} className={cn('w-auto object-contain', compact ? 'h-7' : 'h-9')} />
      </span>
    );
  }
  return (
    <span
      data-slot="site-brand"
      className={cn('inline-flex min-w-0 items-center gap-2 font-semibold', className)}
    >
      <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <TrendingUp className="size-4" aria-hidden="true" />
      </span>
      <span className="truncate text-base tracking-tight">{name}</span>
    </span>
  );
}
