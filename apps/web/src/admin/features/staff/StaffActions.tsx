import type { StaffMember } from '@openbroker/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/Dialog';
import { useSessionStore } from '@/stores/sessionStore';
import { useStaffChange } from './queries';
import { RolesDialog } from './RolesDialog';

/** A staff row's actions: change roles, disable (after a confirmation) or enable. */
export function StaffActions({ member }: { member: StaffMember }) {
  const { t } = useTranslation('adminClients');
  const cancelRef = useRef<HTMLButtonElement>(null);
  const me = useSessionStore((s) => s.user?.id);
  const change = useStaffChange();
  const [rolesOpen, setRolesOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const name = `${member.first_name} ${member.last_name}`.trim() || member.email;
  const self = member.id === me;

  const setStatus = (verb: 'disable' | 'enable') =>
    change.mutate(
      { verb, id: member.id },
      {
        onSuccess: () => {
          toast.success(
            verb === 'disable' ? t('staff.disabledToast', { name }) : t('staff.enabledToast', { name }),
          );
          setConfirmOpen(false);
        },
        onError: (e) => toast.error(apiErrorMessage(e, t('staff.changeFailed'))),
      },
    );

  return (
    <div className="flex justify-end gap-2">
      <Button
        size="sm"
        variant="outline"
        onClick={() => setRolesOpen(true)}
        aria-label={t('staff.rolesOf', { name })}
      >
        {t('staff.roles')}
      </Button>
      {member.status === 'active' ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setConfirmOpen(true)}
          disabled={self}
          title={self ? t('staff.cannotDisableSelf') : undefined}
          aria-label={t('staff.disableNamed', { name })}
        >
          {t('staff.disable')}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setStatus('enable')}
          disabled={change.isPending}
          aria-label={t('staff.enableNamed', { name })}
        >
          {t('staff.enable')}
        </Button>
      )}
      {rolesOpen ? <RolesDialog member={member} open={rolesOpen} onOpenChange={setRolesOpen} /> : null}
      <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
        <DialogContent
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            cancelRef.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('staff.disableTitle', { name })}</DialogTitle>
            <DialogDescription>{t('staff.disableText')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button ref={cancelRef} variant="outline" onClick={() => setConfirmOpen(false)}>
              {t('shared.cancel')}
            </Button>
            <Button variant="destructive" onClick={() => setStatus('disable')} disabled={change.isPending}>
              {t('staff.disable')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
