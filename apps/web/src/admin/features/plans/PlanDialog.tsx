import {
  type AdminPlan,
  LEVERAGE_MAX,
  PLAN_COLOR_TOKENS,
  PLAN_ICONS,
  type PlanColorToken,
} from '@openbroker/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
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
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { PlanIcon } from '@/features/plans/PlanIcon';
import { safeColor } from '@/features/plans/planView';
import { formatNumber } from '@/i18n/format';
import { ImageField } from '../settings/ImageField';
import { isColorToken, NEW_PLAN, type PlanFormValues, planFormValues, planRequest } from './planForm';
import { type PlanCreateInput, uploadPlanImage, useCreatePlan, useUpdatePlan } from './queries';

const CUSTOM = '__custom';
/** A hex colour as an example (not language). */
const HEX_EXAMPLE = '#2563eb';

function Field(props: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children}
      {props.error ? (
        <p id={`${props.id}-error`} className="text-destructive text-xs">
          {props.error}
        </p>
      ) : props.hint ? (
        <p id={`${props.id}-hint`} className="text-muted-foreground text-xs">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

/** Create a plan (`plan` null) or edit one: look, leverage, risk levels, order and Expert Advisors. */
export function PlanDialog(props: {
  plan: AdminPlan | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const [values, setValues] = useState<PlanFormValues>(() =>
    props.plan ? planFormValues(props.plan) : NEW_PLAN,
  );
  const [customColor, setCustomColor] = useState(() => !isColorToken(values.color));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;

  const set = <K extends keyof PlanFormValues>(field: K, value: PlanFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const input = (
    field: 'title' | 'leverage' | 'margin_call_level' | 'stop_out_level' | 'rank' | 'eas',
    type = 'text',
  ) => ({
    id: `plan-${field}`,
    type,
    value: values[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field]
      ? `plan-${field}-error`
      : field === 'title'
        ? undefined
        : `plan-${field}-hint`,
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const { body, errors: found } = planRequest(values, props.plan);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    try {
      if (props.plan === null) {
        await create.mutateAsync(body as PlanCreateInput);
        toast.success(t('plans.dialog.created', { title: values.title.trim() }));
      } else if (Object.keys(body).length > 0) {
        await update.mutateAsync({ id: props.plan.id, body });
        toast.success(t('plans.dialog.saved', { title: values.title.trim() }));
      } else {
        toast(t('plans.dialog.nothingChanged'));
      }
      props.onOpenChange(false);
    } catch (err) {
      const fields = apiFieldErrors(err);
      setErrors(
        Object.fromEntries(
          Object.entries(fields).map(([k, v]) => [
            k.split('.')[0] ?? k,
            v[0] ?? t('plans.dialog.invalidValue'),
          ]),
        ),
      );
      setFailure(apiErrorMessage(err, t('plans.dialog.saveFailed')));
    }
  }

  const swatch = safeColor(values.color) ?? 'transparent';
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {props.plan ? t('plans.dialog.editTitle', { title: props.plan.title }) : t('plans.newPlan')}
          </DialogTitle>
          <DialogDescription>{t('plans.dialog.description')}</DialogDescription>
        </DialogHeader>
        <form id="plan-form" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field id="plan-title" label={t('plans.dialog.title')} error={errors.title}>
            <Input {...input('title')} maxLength={40} />
          </Field>
          <Field id="plan-color" label={t('plans.dialog.colour')} error={errors.color}>
            <div className="flex items-center gap-2">
              <span
                className="size-9 shrink-0 rounded-md border"
                style={{ background: swatch }}
                aria-hidden="true"
              />
              <NativeSelect
                id="plan-color"
                value={customColor ? CUSTOM : values.color.toLowerCase()}
                aria-invalid={errors.color ? true : undefined}
                onChange={(e) => {
                  const custom = e.target.value === CUSTOM;
                  setCustomColor(custom);
                  set('color', custom ? (safeColor(values.color) ?? '#2563eb') : e.target.value);
                }}
              >
                {(Object.keys(PLAN_COLOR_TOKENS) as PlanColorToken[]).map((token) => (
                  <option key={token} value={token}>
                    {t(`plans.dialog.colours.${token}`)}
                  </option>
                ))}
                <option value={CUSTOM}>{t('plans.dialog.customHex')}</option>
              </NativeSelect>
            </div>
            {customColor ? (
              <div className="flex items-center gap-2">
                <Input
                  aria-label={t('plans.dialog.customColour')}
                  value={values.color}
                  placeholder={HEX_EXAMPLE}
                  onChange={(e) => set('color', e.target.value)}
                />
                <input
                  type="color"
                  aria-label={t('plans.dialog.pickColour')}
                  className="h-9 w-12 shrink-0 cursor-pointer rounded-md border bg-transparent"
                  value={/^#[0-9a-f]{6}$/i.test(values.color) ? values.color : '#2563eb'}
                  onChange={(e) => set('color', e.target.value)}
                />
              </div>
            ) : null}
          </Field>
          <Field id="plan-icon" label={t('plans.dialog.icon')} error={errors.icon}>
            <div className="flex items-center gap-2">
              <span
                className="flex size-9 shrink-0 items-center justify-center rounded-full"
                aria-hidden="true"
                style={{ background: `color-mix(in srgb, ${swatch} 20%, transparent)`, color: swatch }}
              >
                <PlanIcon name={values.icon} image={values.image || null} className="size-5" />
              </span>
              <NativeSelect id="plan-icon" value={values.icon} onChange={(e) => set('icon', e.target.value)}>
                {PLAN_ICONS.map((name) => (
                  <option key={name} value={name}>
                    {t(`plans.dialog.icons.${name}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </Field>
          <ImageField
            id="plan-image"
            label={t('plans.dialog.image')}
            hint={t('plans.dialog.imageHint')}
            accept="image/png,image/jpeg,image/webp,image/gif"
            value={values.image}
            error={errors.image}
            upload={uploadPlanImage}
            onChange={(url) => set('image', url)}
          />
          <Field
            id="plan-leverage"
            label={t('plans.dialog.leverage')}
            error={errors.leverage}
            hint={`${formatNumber(1)}–${formatNumber(LEVERAGE_MAX)}`}
          >
            <Input {...input('leverage', 'number')} min={1} max={LEVERAGE_MAX} />
          </Field>
          <Field
            id="plan-rank"
            label={t('plans.dialog.order')}
            error={errors.rank}
            hint={t('plans.dialog.orderHint')}
          >
            <Input
              {...input('rank', 'number')}
              min={0}
              placeholder={props.plan ? undefined : t('plans.dialog.last')}
            />
          </Field>
          <Field
            id="plan-margin_call_level"
            label={t('plans.dialog.marginCall')}
            error={errors.margin_call_level}
            hint={t('plans.dialog.marginCallHint')}
          >
            <Input {...input('margin_call_level', 'number')} min={1} max={1000} />
          </Field>
          <Field
            id="plan-stop_out_level"
            label={t('plans.dialog.stopOut')}
            error={errors.stop_out_level}
            hint={t('plans.dialog.stopOutHint')}
          >
            <Input {...input('stop_out_level', 'number')} min={1} max={1000} />
          </Field>
          <div className="sm:col-span-2">
            <Field
              id="plan-eas"
              label={t('plans.dialog.eas')}
              error={errors.eas}
              hint={t('plans.dialog.easHint')}
            >
              <Input {...input('eas')} placeholder={t('plans.dialog.easPlaceholder')} />
            </Field>
          </div>
          <div className="flex items-center gap-3 sm:col-span-2">
            <input
              id="plan-recommended"
              type="checkbox"
              className="size-4 accent-primary"
              checked={values.recommended}
              onChange={(e) => set('recommended', e.target.checked)}
            />
            <Label htmlFor="plan-recommended" className="font-normal">
              {t('plans.dialog.recommended')}
            </Label>
          </div>
          {failure ? (
            <Alert variant="destructive" className="sm:col-span-2">
              {failure}
            </Alert>
          ) : null}
        </form>
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={() => props.onOpenChange(false)}>
            {t('plans.dialog.cancel')}
          </Button>
          <Button type="submit" form="plan-form" disabled={saving}>
            {saving
              ? t('plans.dialog.saving')
              : props.plan
                ? t('plans.dialog.save')
                : t('plans.dialog.create')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
