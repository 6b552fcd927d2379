import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/PageHeading';
import { MAIN_CONTENT_ID } from '@/components/SkipLink';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/utils';

interface FullScreenStateProps {
  testId: string;
  icon: LucideIcon;
  tone: 'destructive' | 'warning' | 'info';
  title: string;
  children: ReactNode;
  actionLabel: string;
  onAction: () => void;
  /** While true the action shows a spinner and cannot be pressed twice. */
  busy?: boolean;
}

const TONES = {
  destructive: 'bg-destructive/10 text-destructive ring-destructive/25',
  warning: 'bg-warning/10 text-warning ring-warning/25',
  info: 'bg-info/10 text-info ring-info/25',
} as const satisfies Record<FullScreenStateProps['tone'], string>;

/** The shared frame of SPEC §2's blocking screens: one message, one way forward. */
export function FullScreenState({
  testId,
  icon: Icon,
  tone,
  title,
  children,
  actionLabel,
  onAction,
  busy = false,
}: FullScreenStateProps) {
  const { t } = useTranslation('common');
  return (
    <main
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      data-testid={testId}
      className="outline-none flex min-h-dvh items-center justify-center bg-background px-4 py-10 text-foreground"
    >
      <section className="flex w-full max-w-md flex-col items-center gap-5 rounded-xl border bg-card px-6 py-10 text-center shadow-lg sm:px-10">
        <div className={cn('flex size-14 items-center justify-center rounded-full ring-1', TONES[tone])}>
          <Icon className="size-7" aria-hidden="true" />
        </div>
        <PageHeading title={title} />
        <div className="flex flex-col gap-3 text-sm leading-relaxed text-muted-foreground">{children}</div>
        <Button className="mt-2 min-w-36" onClick={onAction} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner aria-label={t('states.inProgress', { action: actionLabel })} /> : null}
          {actionLabel}
        </Button>
      </section>
    </main>
  );
}
