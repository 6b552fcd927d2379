import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useSessionStore } from '@/stores/sessionStore';
import { PlanIcon } from './PlanIcon';
import { PlansDialog } from './PlansDialog';
import { DEFAULT_PLAN_TITLE, safeColor } from './planView';

/** The user's plan title, 'Basic' when the user has none (SPEC §9). */
export function useCurrentPlanTitle(): string {
  return useSessionStore((s) => s.user?.account_type?.title?.trim() || DEFAULT_PLAN_TITLE);
}

/** The account plan badge of the main header; it opens the Account Plans comparison (SPEC §2). */
export function PlanBadge({ className }: { className?: string }) {
  const { t } = useTranslation('money');
  const [open, setOpen] = useState(false);
  const title = useCurrentPlanTitle();
  const accountType = useSessionStore((s) => s.user?.account_type ?? null);
  const color = safeColor(accountType?.color);
  return (
    <>
      <button
        type="button"
        data-testid="plan-badge"
        aria-label={t('plans.badgeLabel', { title })}
        onClick={() => setOpen(true)}
        style={{ '--plan': color ?? 'var(--muted-foreground)' } as CSSProperties}
        className={cn(
          'inline-flex h-7 shrink-0 items-center gap-1 rounded-full border border-[color:var(--plan)]/50 bg-[color:var(--plan)]/12 px-2.5 text-xs font-semibold text-foreground transition-colors outline-none hover:bg-[color:var(--plan)]/20 focus-visible:ring-2 focus-visible:ring-ring motion-reduce:transition-none',
          className,
        )}
      >
        <PlanIcon
          name={accountType?.icon}
          image={accountType?.image}
          className="size-3.5 text-[color:var(--plan)]"
        />
        {title}
      </button>
      <PlansDialog open={open} onOpenChange={setOpen} currentTitle={title} />
    </>
  );
}
