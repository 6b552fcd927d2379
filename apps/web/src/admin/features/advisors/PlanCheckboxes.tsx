import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/Spinner';
import { useAdminPlans } from '../plans/queries';

/** The plans whose customers may run the advisor (their `eas` list), one checkbox each. */
export function PlanCheckboxes(props: {
  value: number[];
  error: string | undefined;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('admin');
  const plans = useAdminPlans();
  const toggle = (id: number, on: boolean) =>
    props.onChange(on ? [...props.value, id] : props.value.filter((p) => p !== id));
  return (
    <fieldset
      className="flex flex-col gap-2 rounded-md border p-3 sm:col-span-2"
      aria-describedby={props.error ? 'advisor-plans-error' : 'advisor-plans-hint'}
    >
      <legend className="px-1 font-medium text-sm">{t('advisors.plans.legend')}</legend>
      {plans.isLoading ? (
        <p className="flex items-center gap-2 text-muted-foreground text-sm">
          <Spinner /> {t('advisors.plans.loading')}
        </p>
      ) : plans.error ? (
        <p role="alert" className="text-destructive text-sm">
          {t('advisors.plans.loadFailed')}
        </p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-3">
          {(plans.data?.plans ?? []).map((p) => {
            const id = `advisor-plan-${p.id}`;
            return (
              <div key={p.id} className="flex items-center gap-2">
                <input
                  id={id}
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={props.value.includes(p.id)}
                  onChange={(e) => toggle(p.id, e.target.checked)}
                />
                <label htmlFor={id} className="text-sm">
                  {p.title}
                </label>
              </div>
            );
          })}
        </div>
      )}
      {props.error ? (
        <p id="advisor-plans-error" className="text-destructive text-xs">
          {props.error}
        </p>
      ) : (
        <p id="advisor-plans-hint" className="text-muted-foreground text-xs">
          {t('advisors.plans.hint')}
        </p>
      )}
    </fieldset>
  );
}
