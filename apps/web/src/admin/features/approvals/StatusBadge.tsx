import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

const TONES: Record<string, string> = {
  pending: 'border-warning/40 bg-warning/10 text-warning',
  approved: 'border-success/40 bg-success/10 text-success',
  active: 'border-success/40 bg-success/10 text-success',
  running: 'border-success/40 bg-success/10 text-success',
  rejected: 'border-destructive/40 bg-destructive/10 text-destructive',
  deactivated: 'border-destructive/40 bg-destructive/10 text-destructive',
  cancelled: 'border-border bg-muted text-muted-foreground',
};

/** The statuses the catalogue has words for; any other is shown as it came. */
const KNOWN = [
  'pending',
  'approved',
  'active',
  'running',
  'rejected',
  'deactivated',
  'cancelled',
  'inactive',
  'stopped',
  'disabled',
] as const;
type Known = (typeof KNOWN)[number];
const isKnown = (s: string): s is Known => (KNOWN as readonly string[]).includes(s);

/** A status as a small labelled pill (the word carries the meaning, the colour only helps). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useTranslation('adminClients');
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center rounded-full border px-2 py-0.5 font-medium text-xs capitalize',
        TONES[status] ?? TONES.cancelled,
        className,
      )}
    >
      {isKnown(status) ? t(`status.${status}`) : status}
    </span>
  );
}
