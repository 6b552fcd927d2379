import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import enAuth from '@/i18n/locales/en/auth';
import { cn } from '@/lib/utils';

const STEP_KEYS = ['setUp', 'financialProfile', 'idCheck'] as const;

/** SPEC §2: the three steps of the registration progress bar (English, for tests). */
export const REGISTRATION_STEPS = STEP_KEYS.map((k) => enAuth.steps[k]);

/** The progress bar at the top of the country step; `current` is the index of the active step. */
export function RegistrationSteps({ current }: { current: number }) {
  const { t } = useTranslation('auth');
  return (
    <ol aria-label={t('steps.label')} className="grid grid-cols-3 gap-2" data-testid="registration-steps">
      {STEP_KEYS.map((key, index) => {
        const step = t(`steps.${key}`);
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={key}
            aria-current={active ? 'step' : undefined}
            className="flex flex-col gap-2"
            data-state={active ? 'active' : done ? 'done' : 'upcoming'}
          >
            <span
              className={cn(
                'h-1 rounded-full',
                active || done ? 'bg-primary' : 'bg-muted',
                active && 'motion-safe:shadow-[0_0_12px_var(--primary)]',
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
                  'flex size-5 shrink-0 items-center justify-center rounded-full text-xs ring-1',
                  active
                    ? 'bg-primary text-primary-foreground ring-primary'
                    : done
                      ? 'bg-primary/20 text-primary ring-primary/40'
                      : 'ring-border',
                )}
              >
                {done ? <Check className="size-3" role="img" aria-label={t('steps.done')} /> : index + 1}
              </span>
              {step}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
