import { LANGUAGES } from '@openbroker/domain';
import { Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';
import { cn } from '@/lib/utils';
import { BrandLink } from './BrandLink';
import { RiskBanner } from './RiskBanner';

interface RegistrationShellProps {
  children: ReactNode;
  /** Width of the content column; the two-column variants need more room. */
  width?: 'narrow' | 'wide';
}

/** The frame of the registration screens (SPEC §2): risk banner, logo link, language, content. */
export function RegistrationShell({ children, width = 'narrow' }: RegistrationShellProps) {
  const { t, i18n } = useTranslation('auth');
  const language = LANGUAGES.find((l) => l.code === i18n.resolvedLanguage) ?? LANGUAGES[0];
  return (
    <div className="relative flex min-h-dvh flex-col bg-background">
      <SkipLink />
      <RiskBanner />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-0 h-96 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--primary)_16%,transparent),transparent_70%)]"
      />
      <header className="relative mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-5 sm:px-6">
        <BrandLink />
        <span
          data-testid="language-indicator"
          className="inline-flex items-center gap-1.5 rounded-full border bg-card/60 px-2.5 py-1 text-xs font-semibold tracking-wide text-muted-foreground"
        >
          <Globe className="size-3.5" aria-hidden="true" />
          <span className="sr-only">{t('register.language', { language: language.label })}</span>
          <span aria-hidden="true">{language.code.toUpperCase()}</span>
        </span>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="relative flex flex-1 justify-center px-4 pb-12 outline-none sm:px-6"
      >
        <div className={cn('w-full', width === 'wide' ? 'max-w-5xl' : 'max-w-[440px]')}>{children}</div>
      </main>
    </div>
  );
}
