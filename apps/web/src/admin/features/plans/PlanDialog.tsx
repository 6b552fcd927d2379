import { type AdminPlan, LEVERAGE_MAX, PLAN_COLOR_TOKENS, PLAN_ICONS } from '@openbroker/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
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
import { ImageField } from '../settings/ImageField';
import { isColorToken, NEW_PLAN, type PlanFormValues, planFormValues, planRequest } from './planForm';
import { type PlanCreateInput, uploadPlanImage, useCreatePlan, useUpdatePlan } from './queries';

const CUSTOM = '__custom';

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
        <p className="text-muted-foreground text-xs">{props.hint}</p>
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
    'aria-describedby': errors[field] ? `plan-${field}-error` : undefined,
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
        toast.success(`Plan ${values.title.trim()} created.`);
      } else if (Object.keys(body).length > 0) {
        await update.mutateAsync({ id: props.plan.id, body });
        toast.success(`Plan ${values.title.trim()} saved.`);
      } else {
        toast('Nothing changed.');
      }
      props.onOpenChange(false);
    } catch (err) {
      const fields = apiFieldErrors(err);
      setErrors(
        Object.fromEntries(
          Object.entries(fields).map(([k, v]) => [k.split('.')[0] ?? k, v[0] ?? 'Invalid value']),
        ),
      );
      setFailure(apiErrorMessage(err, 'The plan was not saved. Try again.'));
    }
  }

  const swatch = safeColor(values.color) ?? 'transparent';
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{props.plan ? `Edit ${props.plan.title}` : 'New plan'}</DialogTitle>
          <DialogDescription>
            Customers see the title, colour, icon and comparison values; leverage and the margin levels apply
            to their trading at once.
          </DialogDescription>
        </DialogHeader>
        <form id="plan-form" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field id="plan-title" label="Title" error={errors.title}>
            <Input {...input('title')} maxLength={40} />
          </Field>
          <Field id="plan-color" label="Colour" error={errors.color}>
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
                {Object.keys(PLAN_COLOR_TOKENS).map((t) => (
                  <option key={t} value={t}>
                    {t[0]?.toUpperCase()}
                    {t.slice(1)}
                  </option>
                ))}
                <option value={CUSTOM}>Custom hex…</option>
              </NativeSelect>
            </div>
            {customColor ? (
              <div className="flex items-center gap-2">
                <Input
                  aria-label="Custom colour (hex)"
                  value={values.color}
                  placeholder="#2563eb"
                  onChange={(e) => set('color', e.target.value)}
                />
                <input
                  type="color"
                  aria-label="Pick a colour"
                  className="h-9 w-12 shrink-0 cursor-pointer rounded-md border bg-transparent"
                  value={/^#[0-9a-f]{6}$/i.test(values.color) ? values.color : '#2563eb'}
                  onChange={(e) => set('color', e.target.value)}
                />
              </div>
            ) : null}
          </Field>
          <Field id="plan-icon" label="Icon" error={errors.icon}>
            <div className="flex items-center gap-2">
              <span
                className="flex size-9 shrink-0 items-center justify-center rounded-full"
                style={{ background: `color-mix(in srgb, ${swatch} 20%, transparent)`, color: swatch }}
              >
                <PlanIcon name={values.icon} image={values.image || null} className="size-5" />
              </span>
              <NativeSelect id="plan-icon" value={values.icon} onChange={(e) => set('icon', e.target.value)}>
                {PLAN_ICONS.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </Field>
          <ImageField
            id="plan-image"
            label="Image instead of the icon"
            hint="Optional. PNG, JPEG, WebP or GIF, at most 1 MB."
            accept="image/png,image/jpeg,image/webp,image/gif"
            value={values.image}
            error={errors.image}
            upload={uploadPlanImage}
            onChange={(url) => set('image', url)}
          />
          <Field id="plan-leverage" label="Leverage (1:x)" error={errors.leverage} hint={`1–${LEVERAGE_MAX}`}>
            <Input {...input('leverage', 'number')} min={1} max={LEVERAGE_MAX} />
          </Field>
          <Field
            id="plan-rank"
            label="Order"
            error={errors.rank}
            hint="Plans are listed by this number, lowest first."
          >
            <Input {...input('rank', 'number')} min={0} placeholder={props.plan ? undefined : 'Last'} />
          </Field>
          <Field
            id="plan-margin_call_level"
            label="Margin call level (%)"
            error={errors.margin_call_level}
            hint="Customers are warned at or below this margin level."
          >
            <Input {...input('margin_call_level', 'number')} min={1} max={1000} />
          </Field>
          <Field
            id="plan-stop_out_level"
            label="Stop-out level (%)"
            error={errors.stop_out_level}
            hint="Positions are closed at or below this; it must be below the margin call level."
          >
            <Input {...input('stop_out_level', 'number')} min={1} max={1000} />
          </Field>
          <div className="sm:col-span-2">
            <Field
              id="plan-eas"
              label="Expert Advisors included (ids)"
              error={errors.eas}
              hint="Expert Advisors arrive with the marketplace. Until then, enter advisor ids separated by commas to include them in advance."
            >
              <Input {...input('eas')} placeholder="e.g. 3, 7" />
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
              Label this plan Recommended (only one plan carries the label)
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
            Cancel
          </Button>
          <Button type="submit" form="plan-form" disabled={saving}>
            {saving ? 'Saving…' : props.plan ? 'Save plan' : 'Create plan'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
