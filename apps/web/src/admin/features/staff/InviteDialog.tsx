import { STAFF_INVITE_TTL_HOURS, type StaffRole, staffInviteSchema } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
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
import { localizeMessage } from '@/lib/validationMessage';
import { useStaffChange } from './queries';
import { RoleCheckboxes } from './RoleCheckboxes';

type Field = 'email' | 'first_name' | 'last_name' | 'roles';
const FIELDS: {
  name: Exclude<Field, 'roles'>;
  labelKey: 'email' | 'firstName' | 'lastName';
  type: string;
  autoComplete: string;
}[] = [
  { name: 'email', labelKey: 'email', type: 'email', autoComplete: 'off' },
  { name: 'first_name', labelKey: 'firstName', type: 'text', autoComplete: 'off' },
  { name: 'last_name', labelKey: 'lastName', type: 'text', autoComplete: 'off' },
];

/**
 * Invites a staff member: their account is created at once and they get a one-time link by e-mail
 * to choose their password (valid 72 h). Checked with the domain schema here and on the server.
 */
export function InviteDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const change = useStaffChange();
  const [values, setValues] = useState({ email: '', first_name: '', last_name: '' });
  const [roles, setRoles] = useState<StaffRole[]>(['support']);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function close(open: boolean) {
    if (!open) {
      setValues({ email: '', first_name: '', last_name: '' });
      setRoles(['support']);
      setErrors({});
      change.reset();
    }
    props.onOpenChange(open);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = staffInviteSchema.safeParse({ ...values, roles });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    change.mutate(
      { verb: 'invite', body: parsed.data },
      {
        onSuccess: (m) => {
          toast.success(t('invite.sent', { email: m.email }));
          close(false);
        },
        onError: (err) => {
          const fields = apiFieldErrors(err);
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
        },
      },
    );
  }

  const serverError =
    change.isError && Object.keys(apiFieldErrors(change.error)).length === 0
      ? apiErrorMessage(change.error, t('invite.failed'))
      : null;

  return (
    <Dialog open={props.open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="invite-form">
          <DialogHeader>
            <DialogTitle>{t('invite.title')}</DialogTitle>
            <DialogDescription>
              {t('invite.description', { hours: STAFF_INVITE_TTL_HOURS })}
            </DialogDescription>
          </DialogHeader>
          {serverError ? <Alert variant="destructive" description={serverError} /> : null}
          {FIELDS.map((f) => (
            <div key={f.name} className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-${f.name}`}>{t(`invite.${f.labelKey}`)}</Label>
              <Input
                id={`${id}-${f.name}`}
                name={f.name}
                type={f.type}
                autoComplete={f.autoComplete}
                value={values[f.name]}
                onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                aria-invalid={errors[f.name] ? true : undefined}
                aria-describedby={errors[f.name] ? `${id}-${f.name}-error` : undefined}
              />
              {errors[f.name] ? (
                <p id={`${id}-${f.name}-error`} className="text-destructive text-xs">
                  {localizeMessage(errors[f.name])}
                </p>
              ) : null}
            </div>
          ))}
          <RoleCheckboxes idPrefix={id} value={roles} onChange={setRoles} error={errors.roles} />
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              {t('shared.cancel')}
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t('invite.sending') : t('invite.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
