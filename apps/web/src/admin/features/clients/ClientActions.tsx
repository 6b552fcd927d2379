import type { ClientCard } from '@openbroker/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { useSharedData } from '@/features/money/useSharedData';
import { AdjustDialog } from './AdjustDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { LoginLinkDialog } from './LoginLinkDialog';
import { useChangePlan, useSetClientStatus } from './queries';

type Dialog = 'deactivate' | 'reactivate' | 'link' | 'adjust' | null;

/** The client card's actions, each shown only to staff whose roles allow it (the server checks again). */
export function ClientActions({ card }: { card: ClientCard }) {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const client = card.profile;
  const can = {
    approve: useCan('clients.approve'),
    manage: useCan('clients.manage'),
    adjust: useCan('money.adjust'),
    chat: useCan('chat.read'),
  };
  const setStatus = useSetClientStatus(client.id);
  const changePlan = useChangePlan(client.id);
  const plans = useSharedData().data?.plans ?? [];
  const [open, setOpen] = useState<Dialog>(null);

  function status(to: 'active' | 'deactivated', done: string) {
    setStatus.mutate(to, {
      onSuccess: () => {
        toast.success(done);
        setOpen(null);
      },
      onError: (e) => toast.error(apiErrorMessage(e, t('actions.statusFailed'))),
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {can.approve && client.status === 'pending' ? (
        <Button
          size="sm"
          disabled={setStatus.isPending}
          onClick={() => status('active', t('actions.approved'))}
        >
          {t('actions.approve')}
        </Button>
      ) : null}
      {can.manage && client.status !== 'deactivated' ? (
        <Button size="sm" variant="outline" onClick={() => setOpen('deactivate')}>
          {t('actions.deactivate')}
        </Button>
      ) : null}
      {can.approve && client.status === 'deactivated' ? (
        <Button size="sm" variant="outline" onClick={() => setOpen('reactivate')}>
          {t('actions.reactivate')}
        </Button>
      ) : null}
      {can.manage ? (
        <Button size="sm" variant="outline" onClick={() => setOpen('link')}>
          {t('actions.loginLink')}
        </Button>
      ) : null}
      {can.adjust && card.accounts.length > 0 ? (
        <Button size="sm" variant="outline" onClick={() => setOpen('adjust')}>
          {t('actions.adjust')}
        </Button>
      ) : null}
      {can.manage && plans.length > 0 ? (
        <span className="flex items-center gap-2">
          <label htmlFor={`${id}-plan`} className="text-muted-foreground text-xs">
            {t('actions.plan')}
          </label>
          <NativeSelect
            id={`${id}-plan`}
            className="h-8 w-36"
            value={card.plan ? String(card.plan.id) : ''}
            disabled={changePlan.isPending}
            onChange={(e) =>
              changePlan.mutate(Number(e.target.value), {
                onSuccess: () => toast.success(t('actions.planChanged')),
                onError: (err) => toast.error(apiErrorMessage(err, t('actions.planFailed'))),
              })
            }
          >
            {card.plan ? null : <option value="">{t('actions.noPlan')}</option>}
            {plans.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.title}
              </option>
            ))}
          </NativeSelect>
        </span>
      ) : null}
      {can.chat ? (
        <Button size="sm" variant="ghost" asChild>
          <Link to={`/admin/chat?customer=${client.id}`}>{t('actions.chat')}</Link>
        </Button>
      ) : null}

      <ConfirmDialog
        open={open === 'deactivate'}
        onOpenChange={(o) => setOpen(o ? 'deactivate' : null)}
        title={t('actions.deactivateTitle')}
        description={t('actions.deactivateText')}
        confirmLabel={t('actions.deactivate')}
        destructive
        pending={setStatus.isPending}
        onConfirm={() => status('deactivated', t('actions.deactivated'))}
      />
      <ConfirmDialog
        open={open === 'reactivate'}
        onOpenChange={(o) => setOpen(o ? 'reactivate' : null)}
        title={t('actions.reactivateTitle')}
        description={t('actions.reactivateText')}
        confirmLabel={t('actions.reactivate')}
        pending={setStatus.isPending}
        onConfirm={() => status('active', t('actions.reactivated'))}
      />
      {open === 'link' ? (
        <LoginLinkDialog clientId={client.id} open onOpenChange={(o) => setOpen(o ? 'link' : null)} />
      ) : null}
      {open === 'adjust' ? (
        <AdjustDialog
          clientId={client.id}
          accounts={card.accounts.map((a) => ({ id: a.account_id, number: a.number, currency: a.currency }))}
          open
          onOpenChange={(o) => setOpen(o ? 'adjust' : null)}
        />
      ) : null}
    </div>
  );
}
