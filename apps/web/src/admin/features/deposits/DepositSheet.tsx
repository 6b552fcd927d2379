import { DEPOSIT_REJECTION_CODES, DEPOSIT_REJECTION_LABELS, rejectDepositSchema } from '@openbroker/domain';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useCan } from '@/admin/usePermission';
import { type AdminDeposit, depositProofUrl } from '@/api/adminMoney';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useIdempotencyKey } from '@/lib/useIdempotencyKey';
import { formatAmount, formatWhen } from '../clients/format';
import { ConfirmDepositDialog } from './ConfirmDepositDialog';
import { DetailList } from './DetailList';
import { DetailSheet } from './DetailSheet';
import { ClientCell, depositMethodText } from './depositColumns';
import { DepositStatusBadge, SandboxBadge } from './MoneyStatus';
import { type DepositDecision, useAdminDeposit, useDecideDeposit } from './queries';
import { ReasonDialog } from './ReasonDialog';

type Dialog = 'confirm' | 'reject' | null;
type Unkeyed<T> = T extends unknown ? Omit<T, 'key'> : never;

const rejectionText = (code: string, reason: string | null): string =>
  `${(DEPOSIT_REJECTION_LABELS as Readonly<Record<string, string>>)[code] ?? code}${reason ? `: ${reason}` : ''}`;

/** One deposit in full, with the proof of a wire and, for a wire waiting on staff, Confirm and Reject. */
export function DepositSheet({ deposit: initial, onClose }: { deposit: AdminDeposit; onClose: () => void }) {
  const d = useAdminDeposit(initial).data ?? initial;
  const canDecide = useCan('money.approve');
  const decide = useDecideDeposit();
  const keys = useIdempotencyKey();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const money = (n: number) => formatAmount(n, d.currency);
  const waitsForStaff = d.method === 'wire' && d.status === 'pending';

  function run(decision: Unkeyed<DepositDecision>) {
    setFailure(null);
    const full: DepositDecision = { ...decision, key: keys.keyFor(decision) };
    decide.mutate(full, {
      onSuccess: () => {
        keys.done();
        setDialog(null);
        toast.success(decision.verb === 'confirm' ? 'Deposit confirmed and credited' : 'Deposit rejected');
      },
      onError: (e) => {
        setDialog(null);
        setFailure(apiErrorMessage(e, 'That did not go through. Try again.'));
      },
    });
  }

  return (
    <DetailSheet open onOpenChange={(o) => (o ? undefined : onClose())} title={`Deposit ${d.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <DepositStatusBadge
          status={d.status}
          confirmations={d.confirmations}
          required={d.required_confirmations}
        />
        {d.sandbox ? <SandboxBadge /> : null}
      </div>
      <DetailList
        items={[
          ['Client', <ClientCell key="c" user={d.user} />],
          ['Account', `${d.account_number} · ${d.currency}`],
          ['Method', depositMethodText(d)],
          ['Amount', money(d.amount)],
          ['Fee', money(d.fee)],
          ['Credited', money(d.net_amount)],
          ['Reference', d.reference],
          [
            'Address',
            d.address ? (
              <span key="a" className="font-mono text-xs">
                {d.address}
              </span>
            ) : null,
          ],
          [
            'Transaction',
            d.txid ? (
              <span key="t" className="font-mono text-xs">
                {d.txid}
              </span>
            ) : null,
          ],
          ['Coin amount', d.crypto_amount ? `${d.crypto_amount} ${d.coin ?? ''}` : null],
          ['Reason', d.reason_code ? rejectionText(d.reason_code, d.reason) : null],
          ['Created', formatWhen(d.created_at)],
          ['Completed', d.completed_at ? formatWhen(d.completed_at) : null],
        ]}
      />
      {d.proof_name ? (
        <Button asChild variant="outline" className="w-fit">
          <a href={depositProofUrl(d.id)} download={d.proof_name}>
            <Download aria-hidden="true" />
            Download proof ({d.proof_name})
          </a>
        </Button>
      ) : d.method === 'wire' ? (
        <p className="text-muted-foreground text-sm">The client has not uploaded a transfer confirmation.</p>
      ) : null}
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      {waitsForStaff && canDecide ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog('confirm')} disabled={decide.isPending}>
            Confirm received
          </Button>
          <Button variant="outline" onClick={() => setDialog('reject')} disabled={decide.isPending}>
            Reject
          </Button>
        </div>
      ) : null}
      {dialog === 'confirm' ? (
        <ConfirmDepositDialog
          deposit={d}
          open
          onOpenChange={(o) => setDialog(o ? 'confirm' : null)}
          pending={decide.isPending}
          onConfirm={(body) => run({ verb: 'confirm', id: d.id, body })}
        />
      ) : null}
      {dialog === 'reject' ? (
        <ReasonDialog
          open
          onOpenChange={(o) => setDialog(o ? 'reject' : null)}
          title="Reject deposit"
          description={`${money(d.amount)} from ${d.user.name}; the client reads the reason you choose.`}
          codes={DEPOSIT_REJECTION_CODES}
          labels={DEPOSIT_REJECTION_LABELS}
          schema={rejectDepositSchema}
          pending={decide.isPending}
          onReject={(body) => run({ verb: 'reject', id: d.id, body })}
        />
      ) : null}
    </DetailSheet>
  );
}
