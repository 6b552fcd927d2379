import type { DepositStatus, WithdrawalStatus } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

const WAITING = 'border-warning/40 bg-warning/10 text-warning';
const DONE = 'border-success/40 bg-success/10 text-success';
const REFUSED = 'border-destructive/40 bg-destructive/10 text-destructive';
const QUIET = 'border-border bg-muted text-muted-foreground';

const TONES: Record<DepositStatus | WithdrawalStatus, string> = {
  pending: WAITING,
  confirming: WAITING,
  requested: WAITING,
  held: WAITING,
  approved: 'border-info/40 bg-info/10 text-info',
  processing: 'border-info/40 bg-info/10 text-info',
  completed: DONE,
  failed: REFUSED,
  rejected: REFUSED,
  expired: QUIET,
  cancelled: QUIET,
};

function Pill({ tone, children }: { tone: string; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center rounded-full border px-2 py-0.5 font-medium text-xs',
        tone,
      )}
    >
      {children}
    </span>
  );
}

/** A deposit's status in words; a chain transfer shows its confirmations ("Confirming 1/2"). */
export function DepositStatusBadge(props: {
  status: DepositStatus;
  confirmations: number | null;
  required: number | null;
}) {
  const { t } = useTranslation('adminOps');
  const label =
    props.status === 'confirming' && props.required !== null
      ? t('labels.confirmingOf', { done: props.confirmations ?? 0, required: props.required })
      : t(`labels.depositStatus.${props.status}`);
  return <Pill tone={TONES[props.status]}>{label}</Pill>;
}

/** A withdrawal's status in the words the customer reads ("Awaiting approval"). */
export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation('adminOps');
  return <Pill tone={TONES[status]}>{t(`labels.withdrawalStatus.${status}`)}</Pill>;
}

/** A small "Sandbox" label: nothing real moves through a sandbox provider. */
export function SandboxBadge() {
  const { t } = useTranslation('adminOps');
  return <Pill tone="border-warning/40 bg-warning/10 text-warning">{t('shared.sandbox')}</Pill>;
}
