import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteBrand } from './SiteBrand';

/** A protected page that lives outside the main layout (SPEC §2: /trading, /admin/chat). */
export function StandaloneFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="flex h-14 shrink-0 items-center border-b bg-card px-4">
        <Link to="/main/dashboard" aria-label="Go to dashboard" className="rounded-md">
          <SiteBrand compact />
        </Link>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6">{children}</main>
    </div>
  );
}
