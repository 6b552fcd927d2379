import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/components/PageHeading';
import { MAIN_CONTENT_ID } from '@/components/SkipLink';
import { Button } from '@/components/ui/Button';

/** Any path outside SPEC §2's route table. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <main
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      data-testid="not-found"
      className="outline-none flex min-h-dvh items-center justify-center bg-background px-4 py-10 text-foreground"
    >
      <section className="flex w-full max-w-md flex-col items-center gap-4 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground ring-1 ring-border">
          <Compass className="size-7" aria-hidden="true" />
        </div>
        <p className="font-mono text-5xl font-semibold tracking-tight text-primary" aria-hidden="true">
          404
        </p>
        <PageHeading title={t('states.notFound.title')} />
        <p className="text-sm text-muted-foreground">{t('states.notFound.text')}</p>
        <Button asChild className="mt-2">
          <Link to="/">{t('states.notFound.home')}</Link>
        </Button>
      </section>
    </main>
  );
}
