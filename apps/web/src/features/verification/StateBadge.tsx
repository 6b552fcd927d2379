import type { RequirementState } from '@openbroker/domain';
import { CircleCheck, CircleDashed, CircleX, Clock, TimerOff } from 'lucide-react';
import { cn } from '@/lib/utils';

const LOOK: Record<RequirementState, { icon: typeof CircleCheck; className: string }> = {
  not_submitted: { icon: CircleDashed, className: 'border-border text-muted-foreground' },
  pending: { icon: Clock, className: 'border-amber-500/40 bg-amber-500/10 text-amber-300' },
  verified: { icon: CircleCheck, className: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-300' },
  rejected: { icon: CircleX, className: 'border-red-500/40 bg-red-500/10 text-red-300' },
  rejected_final: { icon: CircleX, className: 'border-red-500/40 bg-red-500/10 text-red-300' },
  expired: { icon: TimerOff, className: 'border-amber-500/40 bg-amber-500/10 text-amber-300' },
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
