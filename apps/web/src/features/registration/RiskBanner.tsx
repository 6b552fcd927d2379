import { TriangleAlert, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/**
 * SPEC §2 risk banner of the registration screens: dismissible on mobile, always shown from 768 px
 * up (the close button and the dismissed state only apply below the breakpoint).
 */
export function RiskBanner() {
  const [dismissed, setDismissed] = useState(false);
  const { t } = useTranslation('auth');
  return (
    <aside
      aria-label={t('register.riskLabel')}
      data-testid="risk-banner"
      data-dismissed={dismissed || undefined}
      className={cn(
        'relative border-b border-warning/25 bg-warning/10 text-foreground',
        dismissed ? 'hidden md:block' : 'block',
      )}
    >
      <div className="mx-auto flex max-w-6xl items-start gap-2.5 px-4 py-2.5 pe-11 text-xs leading-relaxed sm:text-[13px] md:items-center md:justify-center md:pe-4">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning md:mt-0" aria-hidden="true" />
        <p>{t('riskWarning')}</p>
      </div>
      <button
        type="button"
        onClick={() => setDismissed(true)}
        aria-label={t('register.dismissRisk')}
        className="absolute top-1.5 end-1.5 flex size-8 items-center justify-center rounded-md text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none md:hidden"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </aside>
  );
}
