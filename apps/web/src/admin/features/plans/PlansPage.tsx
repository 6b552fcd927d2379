import type { AdminPlan } from '@openbroker/domain';
import { Pencil, Plus } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/admin/components/AdminPage';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { PlanIcon } from '@/features/plans/PlanIcon';
import { safeColor } from '@/features/plans/planView';
import { formatNumber, formatPercent } from '@/i18n/format';
import { FeatureMatrix } from './FeatureMatrix';
import { PlanDialog } from './PlanDialog';
import { useAdminPlans } from './queries';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function PlanCard({ plan, onEdit }: { plan: AdminPlan; onEdit: () => void }) {
  const { t } = useTranslation('admin');
  const color = safeColor(plan.color) ?? 'var(--primary)';
  return (
    <Card
      className="gap-3 border-t-4 py-4"
      style={{ borderTopColor: color, '--plan': color } as CSSProperties}
    >
      <CardHeader className="flex-row items-center gap-3 px-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-[color:var(--plan)]/20 text-[color:var(--plan)]">
          <PlanIcon name={plan.icon} image={plan.image} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <CardTitle className="truncate text-base">{plan.title}</CardTitle>
          <CardDescription>
            {t('plans.card.customers', { count: plan.customers, n: formatNumber(plan.customers) })}
            {plan.recommended ? ` · ${t('plans.card.recommended')}` : ''}
          </CardDescription>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={onEdit}
          aria-label={t('plans.card.editLabel', { title: plan.title })}
        >
          <Pencil aria-hidden="true" />
          {t('plans.card.edit')}
        </Button>
      </CardHeader>
      <CardContent className="px-4">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <Stat label={t('plans.card.leverage')} value={`1:${plan.leverage}`} />
          <Stat label={t('plans.card.marginCall')} value={formatPercent(plan.margin_call_level)} />
          <Stat label={t('plans.card.stopOut')} value={formatPercent(plan.stop_out_level)} />
          <Stat
            label={t('plans.card.advisors')}
            value={plan.eas.length === 0 ? t('plans.card.none') : plan.eas.map((id) => `#${id}`).join(', ')}
          />
        </dl>
      </CardContent>
    </Card>
  );
}

/** `/admin/plans`: the plans customers choose from, and the comparison they see (SPEC §3 Plan, plan_features). */
export function PlansPage() {
  const { t } = useTranslation('admin');
  const plans = useAdminPlans();
  // `null` is the new-plan dialog; undefined none. Keyed so each opening starts from the plan's values.
  const [editing, setEditing] = useState<AdminPlan | null | undefined>(undefined);
  const [opened, setOpened] = useState(0);
  const open = (plan: AdminPlan | null) => {
    setEditing(plan);
    setOpened((n) => n + 1);
  };

  return (
    <AdminPage
      title={t('plans.title')}
      actions={
        <Button type="button" onClick={() => open(null)}>
          <Plus aria-hidden="true" />
          {t('plans.newPlan')}
        </Button>
      }
    >
      {plans.data ? (
        <>
          <section aria-labelledby="plans-heading" className="flex flex-col gap-3">
            <h2 id="plans-heading" className="sr-only">
              {t('plans.title')}
            </h2>
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {plans.data.plans.map((p) => (
                <PlanCard key={p.id} plan={p} onEdit={() => open(p)} />
              ))}
            </div>
          </section>
          <section aria-labelledby="comparison-heading" className="flex flex-col gap-2">
            <h2 id="comparison-heading" className="font-semibold text-lg">
              {t('plans.comparison')}
            </h2>
            <p className="text-muted-foreground text-sm">{t('plans.comparisonIntro')}</p>
            <FeatureMatrix data={plans.data} />
          </section>
        </>
      ) : plans.error ? (
        <Alert variant="destructive">{apiErrorMessage(plans.error, t('plans.loadFailed'))}</Alert>
      ) : (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      )}
      {editing !== undefined ? (
        <PlanDialog
          key={opened}
          plan={editing}
          open
          onOpenChange={(o) => {
            if (!o) setEditing(undefined);
          }}
        />
      ) : null}
    </AdminPage>
  );
}
