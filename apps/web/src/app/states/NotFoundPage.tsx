import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';

/** Any path outside SPEC §2's route table. */
export function NotFoundPage() {
  return (
    <main
      data-testid="not-found"
      className="flex min-h-dvh items-center justify-center bg-background px-4 py-10 text-foreground"
    >
      <section className="flex w-full max-w-md flex-col items-center gap-4 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground ring-1 ring-border">
          <Compass className="size-7" aria-hidden="true" />
        </div>
        <p className="font-mono text-5xl font-semibold tracking-tight text-primary">404</p>
        <h1 className="text-xl font-semibold tracking-tight">Page not found</h1>
        <p className="text-sm text-muted-foreground">
          The page you are looking for does not exist or has been moved.
        </p>
        <Button asChild className="mt-2">
          <Link to="/">Go to home page</Link>
        </Button>
      </section>
    </main>
  );
}
