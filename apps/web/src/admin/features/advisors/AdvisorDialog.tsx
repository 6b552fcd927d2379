import type { StrategyInfo } from '@openbroker/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/Dialog';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { TextArea } from '../approvals/TextArea';
import { CheckField, FieldGroup, TextField } from '../payments/MethodFields';
import {
  type AdvisorFormValues,
  advisorFormValues,
  advisorRequest,
  errorKey,
  NEW_ADVISOR,
  type ParamValue,
  paramValues,
} from './advisorForm';
import { FeatureChips } from './FeatureChips';
import { InstrumentPicker } from './InstrumentPicker';
import { LimitsFields } from './LimitsFields';
import { ParamFields } from './ParamFields';
import { PlanCheckboxes } from './PlanCheckboxes';
import { type AdminAdvisor, useSaveAdvisor } from './queries';

type Field = keyof AdvisorFormValues;

/** The first field the form marks invalid gets the focus, so a keyboard user lands on it. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  });
}

/**
 * Add a catalogue advisor (`advisor` null) or change one: what it is, the strategy and its
 * parameters (a form generated from the strategy's fields), the risk limits every run keeps, the
 * instrument, price and plans, and whether AutoTrader may use it.
 */
export function AdvisorDialog(props: {
  advisor: AdminAdvisor | null;
  strategies: StrategyInfo[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveAdvisor();
  const formRef = useRef<HTMLFormElement>(null);
  const find = (key: string) => props.strategies.find((s) => s.key === key);
  const [values, setValues] = useState<AdvisorFormValues>(() =>
    props.advisor ? advisorFormValues(props.advisor, find(props.advisor.strategy)) : NEW_ADVISOR,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const strategy = find(values.strategy);

  const clear = (...keys: string[]) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))));
  const set = <K extends Field>(field: K, value: AdvisorFormValues[K], errorKeys: string[] = [field]) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(...errorKeys);
  };
  const LIMIT_ERRORS: Partial<Record<Field, string[]>> = {
    maxLots: ['limits.maxLots'],
    maxOpenPositions: ['limits.maxOpenPositions'],
    equityStopPct: ['limits.equityStopPct'],
    anyHours: ['limits.hours.fromMinute', 'limits.hours.toMinute'],
    hoursFrom: ['limits.hours.fromMinute'],
    hoursTo: ['limits.hours.toMinute'],
  };
  const setParam = (name: string, value: ParamValue) => {
    setValues((v) => ({ ...v, params: { ...v.params, [name]: value } }));
    clear(`params.${name}`);
  };
  const chooseStrategy = (key: string) => {
    const next = find(key);
    // A new strategy starts from its own defaults: the old one's parameters mean nothing to it.
    setValues((v) => ({ ...v, strategy: key, params: next ? paramValues(next) : {} }));
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('params.') && k !== 'strategy')),
    );
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const { body, errors: found } = advisorRequest(values, strategy);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstInvalid(formRef.current);
      return;
    }
    save.mutate(
      { id: props.advisor?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast.success(
            props.advisor
              ? t('advisors.dialog.saved', { name: saved.name })
              : t('advisors.dialog.added', { name: saved.name }),
          );
          props.onClose();
        },
        onError: (err) => {
          const byField: Record<string, string> = {};
          for (const [k, messages] of Object.entries(apiFieldErrors(err))) {
            byField[errorKey(k)] ??= messages[0] ?? t('advisors.dialog.invalidValue');
          }
          setErrors(byField);
          setFailure(apiErrorMessage(err, t('advisors.dialog.saveFailed')));
          focusFirstInvalid(formRef.current);
        },
      },
    );
  }

  const text = (f: 'name' | 'category' | 'author' | 'price' | 'image', label: string, hint?: string) => (
    <TextField
      id={`advisor-${f}`}
      label={label}
      value={values[f]}
      onChange={(v) => set(f, v)}
      error={errors[f]}
      {...(f === 'price' ? { inputMode: 'decimal' as const } : {})}
      {...(hint ? { hint } : {})}
    />
  );

  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : props.onClose())}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-3xl">
        <form ref={formRef} onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-4">
          <DialogHeader>
            <DialogTitle>
              {props.advisor
                ? t('advisors.dialog.editTitle', { name: props.advisor.name })
                : t('advisors.dialog.newTitle')}
            </DialogTitle>
            <DialogDescription>{t('advisors.dialog.description')}</DialogDescription>
          </DialogHeader>

          <FieldGroup title={t('advisors.dialog.catalogueItem')}>
            <div className="sm:col-span-2">{text('name', t('advisors.dialog.name'))}</div>
            <div className="flex flex-col gap-2 sm:col-span-2">
              <Label htmlFor="advisor-description">{t('advisors.dialog.descriptionField')}</Label>
              <TextArea
                id="advisor-description"
                value={values.description}
                maxLength={2000}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={errors.description ? 'advisor-description-error' : undefined}
                onChange={(e) => set('description', e.target.value)}
              />
              {errors.description ? (
                <p id="advisor-description-error" className="text-destructive text-xs">
                  {errors.description}
                </p>
              ) : null}
            </div>
            {text('price', t('advisors.dialog.price'), t('advisors.dialog.priceHint'))}
            {text('category', t('advisors.dialog.category'), t('advisors.dialog.categoryHint'))}
            {text('author', t('advisors.dialog.author'))}
            {text('image', t('advisors.dialog.image'), t('advisors.dialog.imageHint'))}
            <div className="sm:col-span-2">
              <FeatureChips
                id="advisor-features"
                features={values.features}
                error={errors.features}
                onChange={(f) => set('features', f)}
              />
            </div>
          </FieldGroup>

          <FieldGroup title={t('advisors.dialog.strategy')}>
            <div className="flex flex-col gap-2 sm:col-span-2">
              <Label htmlFor="advisor-strategy">{t('advisors.dialog.strategy')}</Label>
              <NativeSelect
                id="advisor-strategy"
                value={values.strategy}
                aria-invalid={errors.strategy ? true : undefined}
                aria-describedby={
                  errors.strategy ? 'advisor-strategy-error' : strategy ? 'advisor-strategy-about' : undefined
                }
                onChange={(e) => chooseStrategy(e.target.value)}
              >
                <option value="">{t('advisors.dialog.chooseStrategy')}</option>
                {props.strategies.map((s) => (
                  <option key={s.key} value={s.key}>
                    {s.name}
                  </option>
                ))}
              </NativeSelect>
              {errors.strategy ? (
                <p id="advisor-strategy-error" className="text-destructive text-xs">
                  {errors.strategy}
                </p>
              ) : null}
            </div>
            {strategy ? (
              <div
                id="advisor-strategy-about"
                className="flex flex-col gap-2 rounded-md bg-muted/40 p-3 text-sm sm:col-span-2"
              >
                <p>{strategy.description}</p>
                <p>
                  <span className="font-medium text-warning">{t('advisors.dialog.risks')} </span>
                  {strategy.risks}
                </p>
              </div>
            ) : null}
            {strategy ? (
              <ParamFields strategy={strategy} values={values.params} errors={errors} onChange={setParam} />
            ) : null}
            <InstrumentPicker
              id="advisor-instrument"
              value={values.asset_id}
              error={errors.asset_id}
              onChange={(id) => set('asset_id', id)}
            />
          </FieldGroup>

          <FieldGroup title={t('advisors.dialog.limits')}>
            <LimitsFields
              values={values}
              errors={errors}
              onChange={(field, value) => set(field, value, LIMIT_ERRORS[field] ?? [])}
            />
          </FieldGroup>

          <FieldGroup title={t('advisors.dialog.availability')}>
            <PlanCheckboxes
              value={values.plan_ids}
              error={errors.plan_ids}
              onChange={(ids) => set('plan_ids', ids)}
            />
            <CheckField
              id="advisor-active"
              label={t('advisors.dialog.active')}
              checked={values.active}
              onChange={(v) => set('active', v)}
            />
            <CheckField
              id="advisor-autotrader"
              label={t('advisors.dialog.autotrader')}
              checked={values.autotrader}
              onChange={(v) => set('autotrader', v)}
            />
          </FieldGroup>

          {failure ? <Alert variant="destructive">{failure}</Alert> : null}
          <DialogFooter>
            <Button variant="outline" onClick={props.onClose}>
              {t('advisors.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending
                ? t('advisors.dialog.saving')
                : props.advisor
                  ? t('advisors.dialog.save')
                  : t('advisors.catalogue.add')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
