import { type StaffMember, type StaffRole, staffRolesSchema } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
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
import { useStaffChange } from './queries';
import { RoleCheckboxes } from './RoleCheckboxes';

/** Changes a staff member's roles; the server refuses to leave no active administrator. */
export function RolesDialog(props: {
  member: StaffMember;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const change = useStaffChange();
  const [roles, setRoles] = useState<StaffRole[]>(props.member.roles);
  const [error, setError] = useState<string | undefined>();

  function close(open: boolean) {
    if (!open) {
      setRoles(props.member.roles);
      setError(undefined);
      change.reset();
    }
    props.onOpenChange(open);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = staffRolesSchema.safeParse({ roles });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    change.mutate(
      { verb: 'roles', id: props.member.id, roles: parsed.data.roles },
      {
        onSuccess: () => {
          toast.success(t('rolesDialog.saved', { name: props.member.first_name || props.member.email }));
          close(false);
        },
      },
    );
  }

  const name = `${props.member.first_name} ${props.member.last_name}`.trim() || props.member.email;
  return (
    <Dialog open={props.open} onOpenChange={close}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('staff.rolesOf', { name })}</DialogTitle>
            <DialogDescription>{t('rolesDialog.description')}</DialogDescription>
          </DialogHeader>
          {change.isError ? (
            <Alert
              variant="destructive"
              description={apiErrorMessage(change.error, t('rolesDialog.failed'))}
            />
          ) : null}
          <RoleCheckboxes idPrefix={id} value={roles} onChange={setRoles} error={error} />
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              {t('shared.cancel')}
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {t('rolesDialog.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
