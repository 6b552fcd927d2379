import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/components/PageHeading';
import { SiteBrand } from '@/components/SiteBrand';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/Card';
import enAuth from '@/i18n/locales/en/auth';
import { useSiteName } from '@/lib/useSiteName';

/**
 * SPEC §2 registration risk banner wording (English, for tests), reused as the standing warning
 * under public pages; screens show `t('auth:riskWarning')`.
 */
export const RISK_WARNING = enAuth.riskWarning;

/** The frame of the public pages (sign-in, registration, password help): brand on top, one card. */
export function AuthShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const siteName = useSiteName();
  return (
    <div className="relative flex min-h-dvh flex-col bg-background">
      <SkipLink />
      {/* A faint glow behind the card: depth without competing with the form. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--primary)_18%,transparent),transparent_70%)]"
      />
      <header className="relative flex justify-center px-4 pt-10 pb-6 sm:pt-16">
        <Link
          to="/"
          aria-label={t('shell.brandHome', { name: siteName })}
          className="rounded-md focus-visible:ring-2 focus-visible:ring-ring/50"
        >
          <SiteBrand />
        </Link>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="relative flex flex-1 justify-center px-4 pb-10 outline-none"
      >
        <div className="w-full max-w-[400px]">{children}</div>
      </main>
      <footer className="relative mx-auto max-w-2xl px-4 pb-6 text-center text-xs leading-relaxed text-muted-foreground">
        {t('riskWarning')}
      </footer>
    </div>
  );
}

interface AuthCardProps {
  title: string;
  description?: string;
  /** Ends the card with 'Back to sign in' (the password-help steps; a finished step offers its own way). */
  backToSignIn?: boolean;
  testId?: string;
  children: ReactNode;
}

/** The one card inside AuthShell: title, optional description, then the body stacked. */
export function AuthCard({ title, description, backToSignIn = false, testId, children }: AuthCardProps) {
  const { t } = useTranslation('auth');
  return (
    <Card className="shadow-xl shadow-black/30" data-testid={testId}>
      <CardHeader>
        <PageHeading title={title} className="leading-none" />
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {children}
        {backToSignIn ? (
          <Link
            to="/"
            className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('backToSignIn')}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
