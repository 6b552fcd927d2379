import { CircleAlert, type LucideIcon, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/utils';

/** A list still loading: a spinner and SPEC's words ("Loading assets..."). */
export function LoadingState({ label, className }: { label: string; className?: string }) {
  return (
    <div
      className={cn(
        'flex flex-1 flex-col items-center justify-center gap-2 px-4 py-8 text-xs text-muted-foreground',
        className,
      )}
    >
      <Spinner aria-label={label} className="size-5" />
      <p aria-hidden="true">{label}</p>
    </div>
  );
}

/** A failed load: SPEC's title, the reason, and a Retry button when the caller can retry. */
export function ErrorState({
  title,
  message,
  onRetry,
  className,
}: {
  title: string;
  message?: string | null;
  onRetry?: () => void;
  className?: string;
}) {
  const { t } = useTranslation('terminal');
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-1 flex-col items-center justify-center gap-2 px-4 py-8 text-center',
        className,
      )}
    >
      <CircleAlert className="size-5 text-destructive" aria-hidden="true" />
      <p className="text-sm font-medium">{title}</p>
      {message ? <p className="text-xs text-muted-foreground">{message}</p> : null}
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} className="mt-1">
          <RotateCw aria-hidden="true" />
          {t('states.retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** Nothing to show (SPEC §8 empty states: 'No active orders found', 'No assets found', …). */
export function EmptyState({
  message,
  icon: Icon,
  hint,
  className,
}: {
  message: string;
  icon?: LucideIcon;
  hint?: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-1 flex-col items-center justify-center gap-2 px-4 py-8 text-center text-muted-foreground',
        className,
      )}
    >
      {Icon ? <Icon className="size-6" aria-hidden="true" /> : null}
      <p className="text-sm">{message}</p>
      {hint ? <p className="text-xs">{hint}</p> : null}
    </div>
  );
}
