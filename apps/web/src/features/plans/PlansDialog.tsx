import { Check } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan, PlanFeature } from '@/api/sharedData';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { useSharedData } from '@/features/money/useSharedData';
import { cn } from '@/lib/utils';
import { PlanIcon } from './PlanIcon';
import { alignFeatures, isCurrentPlan, isRecommended, safeColor } from './planView';

export interface PlansDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user's plan title (SPEC §3 account_type.title; 'Basic' by default). */
  currentTitle: string;
}

/** The Account Plans comparison (SPEC §1, §2 "Main-app header"): plans side by side, one row per feature. */
export function PlansDialog({ open, onOpenChange, currentTitle }: PlansDialogProps) {
  const { t } = useTranslation('money');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] grid-rows-[auto_minmax(0,1fr)] gap-5 p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{t('plans.title')}</DialogTitle>
          <DialogDescription>{t('plans.description')}</DialogDescription>
        </DialogHeader>
        {open ? <PlansBody currentTitle={currentTitle} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PlansBody({ currentTitle }: { currentTitle: string }) {
  const { t } = useTranslation('money');
  const { data, isPending, isError, refetch, isFetching } = useSharedData();
  if (isPending) {
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground"
      >
        <Spinner /> {t('plans.loading')}
      </div>
    );
  }
  const plans = data?.plans ?? [];
  if (isError || plans.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center" data-testid="plans-empty">
        <p className="text-sm text-muted-foreground">{t('plans.empty')}</p>
        {isError ? (
          <Button variant="outline" size="sm" disabled={isFetching} onClick={() => void refetch()}>
            {t('dashboard.tryAgain')}
          </Button>
        ) : null}
      </div>
    );
  }
  return <PlansTable plans={plans} rows={data?.plan_features ?? []} currentTitle={currentTitle} />;
}

function PlansTable({
  plans,
  rows,
  currentTitle,
}: {
  plans: Plan[];
  rows: PlanFeature[];
  currentTitle: string;
}) {
  const { t } = useTranslation('money');
  const values = plans.map((p) => alignFeatures(p, rows));
  return (
    <section
      aria-label={t('plans.caption')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="-mx-4 min-h-0 overflow-auto px-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:mx-0 sm:px-0"
    >
      <table
        className="w-full min-w-[30rem] border-separate border-spacing-0 text-sm"
        data-testid="plans-table"
      >
        <caption className="sr-only">{t('plans.caption')}</caption>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky start-0 z-10 w-28 bg-popover p-2 text-start align-bottom sm:w-36"
            >
              <span className="sr-only">{t('plans.feature')}</span>
            </th>
            {plans.map((plan) => {
              const recommended = isRecommended(plan, plans);
              const current = isCurrentPlan(plan, currentTitle);
              const color = safeColor(plan.color);
              return (
                <th
                  key={plan.id}
                  scope="col"
                  data-testid="plan-column"
                  data-plan={plan.title}
                  style={{ '--plan': color ?? 'var(--primary)' } as CSSProperties}
                  className={cn(
                    'relative min-w-[7.5rem] rounded-t-lg border-x border-t border-transparent p-3 pt-6 text-center align-bottom font-normal',
                    recommended && 'border-[color:var(--plan)] bg-[color:var(--plan)]/8',
                  )}
                >
                  {recommended ? (
                    <span className="absolute inset-x-0 -top-px mx-auto w-fit rounded-b-md border border-t-0 border-[color:var(--plan)] bg-popover px-2 py-0.5 text-xs font-semibold tracking-wide text-foreground uppercase">
                      {t('plans.recommended')}
                    </span>
                  ) : null}
                  <span className="mx-auto mb-2 flex size-9 items-center justify-center rounded-full bg-[color:var(--plan)]/20 text-[color:var(--plan)]">
                    <PlanIcon name={plan.icon} image={plan.image} className="size-5" />
                  </span>
                  <span className="block text-base font-semibold">{plan.title}</span>
                  {plan.leverage ? (
                    <span className="block text-xs whitespace-nowrap text-muted-foreground">
                      {t('plans.leverage', { leverage: plan.leverage })}
                    </span>
                  ) : null}
                  {/* The row is kept on every plan so the titles line up whichever is current. */}
                  <span className="mt-1.5 flex h-5 items-center justify-center">
                    {current ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-foreground">
                        <Check className="size-3 text-primary" aria-hidden="true" /> {t('plans.current')}
                      </span>
                    ) : null}
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={row.id} className="group">
              <th
                scope="row"
                className="sticky start-0 z-10 border-t bg-popover p-2 text-start font-medium text-muted-foreground"
              >
                {row.title}
              </th>
              {plans.map((plan, p) => {
                const recommended = isRecommended(plan, plans);
                return (
                  <td
                    key={plan.id}
                    style={{ '--plan': safeColor(plan.color) ?? 'var(--primary)' } as CSSProperties}
                    className={cn(
                      'border-x border-t border-x-transparent p-2 text-center',
                      r === 0 && 'font-semibold',
                      recommended && 'border-x-[color:var(--plan)] bg-[color:var(--plan)]/8',
                      recommended &&
                        r === rows.length - 1 &&
                        'rounded-b-lg border-b border-b-[color:var(--plan)]',
                    )}
                  >
                    {values[p]?.[r] ?? '—'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
