import type { PersonalField } from '@openbroker/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { FieldInput } from './FieldInput';
import type { FieldErrorMap, PersonalFormValues, SaveOutcome } from './formValues';

interface ChangeRequestDialogProps {
  title: string;
  fields: readonly PersonalField[];
  current: PersonalFormValues;
  saving: boolean;
  onClose: () => void;
  onSubmit: (changes: Partial<PersonalFormValues>) => Promise<SaveOutcome>;
}

/** Asks staff to change verified fields: the new values go to review and apply once approved. */
export function ChangeRequestDialog({
  title,
  fields,
  current,
  saving,
  onClose,
  onSubmit,
}: ChangeRequestDialogProps) {
  const { t } = useTranslation('account');
  const [values, setValues] = useState<Partial<PersonalFormValues>>(() =>
    Object.fromEntries(fields.map((f) => [f, current[f]])),
  );
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [message, setMessage] = useState<string | null>(null);
  const unchanged = fields.every((f) => values[f] === current[f]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The dialog sits inside the page's form in the React tree: keep its submit to itself.
    e.stopPropagation();
    const outcome = await onSubmit(values);
    if (outcome.ok) return;
    const here = Object.fromEntries(
      Object.entries(outcome.errors).filter(([f]) => fields.includes(f as PersonalField)),
    );
    setErrors(here);
    setMessage(
      Object.keys(here).length === Object.keys(outcome.errors).length
        ? outcome.message
        : t('personal.dialog.otherFields'),
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('personal.dialog.title', { section: title.toLocaleLowerCase() })}</DialogTitle>
            <DialogDescription>{t('personal.dialog.description')}</DialogDescription>
          </DialogHeader>
          {message ? <Alert variant="destructive" description={message} /> : null}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {fields.map((field) => (
              <FieldInput
                key={field}
                idPrefix="change"
                field={field}
                value={values[field] ?? ''}
                onChange={(v) => setValues((old) => ({ ...old, [field]: v }))}
                error={errors[field]}
              />
            ))}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('personal.dialog.cancel')}
            </Button>
            <Button type="submit" disabled={saving || unchanged}>
              {saving ? t('personal.dialog.sending') : t('personal.dialog.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
