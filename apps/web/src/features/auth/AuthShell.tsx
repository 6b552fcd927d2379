import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteBrand } from '@/components/SiteBrand';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';

/** SPEC §2 registration risk banner wording, reused as the standing warning under public pages. */
export const RISK_WARNING =
  'Trading CFDs carries a high level of risk to your capital, and you should only trade with money you can afford to lose.';

/** The frame of the public pages (sign-in, registration, password help): brand on top, one card. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col bg-background">
      {/* A faint glow behind the card: depth without competing with the form. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--primary)_18%,transparent),transparent_70%)]"
      />
      <header className="relative flex justify-center px-4 pt-10 pb-6 sm:pt-16">
        <Link to="/" aria-label="Home" className="rounded-md focus-visible:ring-2 focus-visible:ring-ring/50">
          <SiteBrand />
        </Link>
      </header>
      <main className="relative flex flex-1 justify-center px-4 pb-10">
        <div className="w-full max-w-[400px]">{children}</div>
      </main>
      <footer className="relative mx-auto max-w-2xl px-4 pb-6 text-center text-xs leading-relaxed text-muted-foreground">
        {RISK_WARNING}
      </footer>
    </div>
  );
}

interface AuthCardProps {
  title: string;
  description?: string;
  /** Ends the card with 'Back to sign in' (the password-help steps; a finished step offers its own way). */
  backToSignIn?: boolean;
  children: ReactNode;
}

/** The one card inside AuthShell: title, optional description, then the body stacked. */
export function AuthCard({ title, description, backToSignIn = false, children }: AuthCardProps) {
  return (
    <Card className="shadow-xl shadow-black/30">
      <CardHeader>
        <CardTitle className="text-xl">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {children}
        {backToSignIn ? (
          <Link
            to="/"
            className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Back to sign in
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
