import type { RequirementState } from '@openbroker/domain';
import { CircleCheck, CircleDashed, CircleX, Clock, TimerOff } from 'lucide-react';
import { cn } from '@/lib/utils';

const LOOK: Record<RequirementState, { icon: typeof CircleCheck; className: string }> = {
  not_submitted: { icon: CircleDashed, className: 'border-border text-muted-foreground' },
  // Theme tokens, not fixed shades: they keep AA contrast in the light and the dark theme alike.
  pending: { icon: Clock, className: 'border-warning/40 bg-warning/10 text-warning' },
  verified: { icon: CircleCheck, className: 'border-success/40 bg-success/10 text-success' },
  rejected: { icon: CircleX, className: 'border-destructive/40 bg-destructive/10 text-destructive' },
  rejected_final: { icon: CircleX, className: 'border-destructive/40 bg-destructive/10 text-destructive' },
  expired: { icon: TimerOff, className: 'border-warning/40 bg-warning/10 text-warning' },
};

/** A requirement's state: an icon and words, so the meaning does not rest on colour alone. */
export function StateBadge({ state, label }: { state: RequirementState; label: string }) {
  const { icon: Icon, className } = LOOK[state];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 font-medium text-xs',
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {label}
    </span>
  );
}
