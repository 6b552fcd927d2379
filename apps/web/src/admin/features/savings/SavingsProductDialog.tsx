import { SAVINGS_KINDS, type SavingsProduct } from '@openbroker/domain';
import { type FormEvent, useState } from 'react';
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
import { CheckField, TextField } from '../payments/MethodFields';
import { useSaveSavingsProduct } from './queries';
import {
  NEW_PRODUCT,
  type ProductField,
  type ProductFormValues,
  productFormValues,
  productRequest,
  termMessage,
} from './savingsProductForm';

/** Create a savings product (`product` null) or change one: kind, term, rate, currency, limits. */
export function SavingsProductDialog(props: { product: SavingsProduct | null; onClose: () => void }) {
  const { t } = useTranslation('adminOps');
  const save = useSaveSavingsProduct();
  const [values, setValues] = useState<ProductFormValues>(() =>
    props.product ? productFormValues(props.product) : NEW_PRODUCT,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const id = (f: ProductField) => `product-${f}`;
  const set = <K extends ProductField>(field: K, value: ProductFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const field = (
    f: Exclude<ProductField, 'kind' | 'enabled' | 'description'>,
    label: string,
    hint?: string,
  ) => (
    <TextField
      id={id(f)}
      label={label}
      value={values[f]}
      onChange={(v) => set(f, v)}
      error={errors[f]}
      {...(hint ? { hint } : {})}
    />
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const { body, errors: found } = productRequest(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    save.mutate(
      { id: props.product?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast.success(t('savings.dialog.saved', { name: saved.name }));
          props.onClose();
        },
        onError: (err) => {
          setErrors(
            Object.fromEntries(
              Object.entries(apiFieldErrors(err)).map(([k, v]) => [k, v[0] ?? t('shared.invalidValue')]),
            ),
          );
          setFailure(apiErrorMessage(err, t('savings.dialog.saveError')));
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : props.onClose())}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>
              {props.product
                ? t('savings.dialog.titleEdit', { name: props.product.name })
                : t('savings.dialog.titleNew')}
            </DialogTitle>
            <DialogDescription>{t('savings.dialog.description')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="sm:col-span-2">{field('name', t('savings.dialog.name'))}</div>
            <div className="flex flex-col gap-2 sm:col-span-2">
              <Label htmlFor={id('description')}>{t('savings.dialog.description_label')}</Label>
              <TextArea
                id={id('description')}
                value={values.description}
                maxLength={1000}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={errors.description ? `${id('description')}-error` : undefined}
                onChange={(e) => set('description', e.target.value)}
              />
              {errors.description ? (
                <p id={`${id('description')}-error`} className="text-destructive text-xs">
                  {errors.description}
                </p>
              ) : null}
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={id('kind')}>{t('savings.dialog.kind')}</Label>
              <NativeSelect
                id={id('kind')}
                value={values.kind}
                onChange={(e) => set('kind', e.target.value === 'fixed' ? 'fixed' : 'flexible')}
              >
                {SAVINGS_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`savings.kind.${k}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {values.kind === 'fixed' ? field('term_days', t('savings.dialog.term'), termMessage()) : <div />}
            {field('annual_rate', t('savings.dialog.rate'))}
            {field('currency', t('savings.dialog.currency'), t('savings.dialog.currencyHint'))}
            {field('min_amount', t('savings.dialog.min'))}
            {field('max_amount', t('savings.dialog.max'), t('shared.emptyNoMaximum'))}
            <div className="sm:col-span-2">
              <CheckField
                id={id('enabled')}
                label={t('savings.dialog.open')}
                checked={values.enabled}
                onChange={(v) => set('enabled', v)}
              />
            </div>
          </div>
          {failure ? <Alert variant="destructive">{failure}</Alert> : null}
          <DialogFooter>
            <Button variant="outline" onClick={props.onClose}>
              {t('shared.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending
                ? t('shared.saving')
                : props.product
                  ? t('savings.dialog.save')
                  : t('savings.dialog.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
