import type { StaffMember } from '@openbroker/domain';
import { useState } from 'react';
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
          toast.success(verb === 'disable' ? `${name} is disabled` : `${name} is enabled`);
          setConfirmOpen(false);
        },
        onError: (e) => toast.error(apiErrorMessage(e, 'The change could not be saved.')),
      },
    );

  return (
    <div className="flex justify-end gap-2">
      <Button size="sm" variant="outline" onClick={() => setRolesOpen(true)} aria-label={`Roles of ${name}`}>
        Roles
      </Button>
      {member.status === 'active' ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setConfirmOpen(true)}
          disabled={self}
          title={self ? 'You cannot disable your own account' : undefined}
          aria-label={`Disable ${name}`}
        >
          Disable
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setStatus('enable')}
          disabled={change.isPending}
          aria-label={`Enable ${name}`}
        >
          Enable
        </Button>
      )}
      {rolesOpen ? <RolesDialog member={member} open={rolesOpen} onOpenChange={setRolesOpen} /> : null}
      <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Disable {name}?</DialogTitle>
            <DialogDescription>
              They are signed out everywhere at once and cannot sign in until someone enables them again.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmOpen(false)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => setStatus('disable')} disabled={change.isPending}>
              Disable
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
