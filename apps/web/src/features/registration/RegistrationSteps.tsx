import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

/** SPEC §2: the three steps of the registration progress bar. */
export const REGISTRATION_STEPS = ['Set Up', 'Financial Profile', 'ID Check'] as const;

/** The progress bar at the top of the country step; `current` is the index of the active step. */
export function RegistrationSteps({ current }: { current: number }) {
  return (
    <ol
      aria-label="Registration progress"
      className="grid grid-cols-3 gap-2"
      data-testid="registration-steps"
    >
      {REGISTRATION_STEPS.map((step, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={step}
            aria-current={active ? 'step' : undefined}
            className="flex flex-col gap-2"
            data-state={active ? 'active' : done ? 'done' : 'upcoming'}
          >
            <span
              className={cn(
                'h-1 rounded-full',
                active || done ? 'bg-primary' : 'bg-muted',
                active && 'shadow-[0_0_12px_var(--primary)]',
              )}
            />
            <span
              className={cn(
                'flex items-center gap-1.5 text-xs font-medium',
                active ? 'text-foreground' : 'text-muted-foreground',
              )}
            >
              <span
                className={cn(
                  'flex size-5 shrink-0 items-center justify-center rounded-full text-[10px] ring-1',
                  active
                    ? 'bg-primary text-primary-foreground ring-primary'
                    : done
                      ? 'bg-primary/20 text-primary ring-primary/40'
                      : 'ring-border',
                )}
              >
                {done ? <Check className="size-3" aria-hidden="true" /> : index + 1}
              </span>
              {step}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
