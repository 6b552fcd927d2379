import { DEPOSIT_REJECTION_CODES, rejectDepositSchema } from '@openbroker/domain';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCan } from '@/admin/usePermission';
import { type AdminDeposit, depositProofUrl } from '@/api/adminMoney';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useIdempotencyKey } from '@/lib/useIdempotencyKey';
import { ConfirmDepositDialog } from './ConfirmDepositDialog';
import { DetailList } from './DetailList';
import { DetailSheet } from './DetailSheet';
import { ClientCell, depositMethodText } from './depositColumns';
import { formatAmount, formatWhen } from './format';
import { DepositStatusBadge, SandboxBadge } from './MoneyStatus';
import { type DepositDecision, useAdminDeposit, useDecideDeposit } from './queries';
import { ReasonDialog } from './ReasonDialog';

type Dialog = 'confirm' | 'reject' | null;
type Unkeyed<T> = T extends unknown ? Omit<T, 'key'> : never;

/** One deposit in full, with the proof of a wire and, for a wire waiting on staff, Confirm and Reject. */
export function DepositSheet({ deposit: initial, onClose }: { deposit: AdminDeposit; onClose: () => void }) {
  const { t } = useTranslation('adminOps');
  const d = useAdminDeposit(initial).data ?? initial;
  const rejectionLabels = useMemo(
    () =>
      Object.fromEntries(
        DEPOSIT_REJECTION_CODES.map((c) => [c, t(`labels.depositRejection.${c}`)]),
      ) as Record<(typeof DEPOSIT_REJECTION_CODES)[number], string>,
    [t],
  );
  const rejectionText = (code: string, reason: string | null): string => {
    const known = DEPOSIT_REJECTION_CODES.find((c) => c === code);
    return `${known ? rejectionLabels[known] : code}${reason ? `: ${reason}` : ''}`;
  };
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
        toast.success(
          decision.verb === 'confirm' ? t('deposits.sheet.confirmed') : t('deposits.sheet.rejected'),
        );
      },
      onError: (e) => {
        setDialog(null);
        setFailure(apiErrorMessage(e, t('shared.tryAgain')));
      },
    });
  }

  return (
    <DetailSheet
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={t('deposits.sheet.title', { id: d.id })}
    >
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
          [t('shared.client'), <ClientCell key="c" user={d.user} />],
          [t('shared.account'), `${d.account_number} · ${d.currency}`],
          [t('shared.method'), depositMethodText(d)],
          [t('shared.amount'), money(d.amount)],
          [t('shared.fee'), money(d.fee)],
          [t('deposits.sheet.credited'), money(d.net_amount)],
          [t('deposits.sheet.reference'), d.reference],
          [
            t('deposits.sheet.address'),
            d.address ? (
              <span key="a" className="font-mono text-xs">
                {d.address}
              </span>
            ) : null,
          ],
          [
            t('deposits.sheet.transaction'),
            d.txid ? (
              <span key="t" className="font-mono text-xs">
                {d.txid}
              </span>
            ) : null,
          ],
          [t('deposits.sheet.coinAmount'), d.crypto_amount ? `${d.crypto_amount} ${d.coin ?? ''}` : null],
          [t('shared.reason'), d.reason_code ? rejectionText(d.reason_code, d.reason) : null],
          [t('deposits.sheet.created'), formatWhen(d.created_at)],
          [t('shared.completed'), d.completed_at ? formatWhen(d.completed_at) : null],
        ]}
      />
      {d.proof_name ? (
        <Button asChild variant="outline" className="w-fit">
          <a href={depositProofUrl(d.id)} download={d.proof_name}>
            <Download aria-hidden="true" />
            {t('deposits.sheet.downloadProof', { name: d.proof_name })}
          </a>
        </Button>
      ) : d.method === 'wire' ? (
        <p className="text-muted-foreground text-sm">{t('deposits.sheet.noProof')}</p>
      ) : null}
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      {waitsForStaff && canDecide ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog('confirm')} disabled={decide.isPending}>
            {t('deposits.sheet.confirmReceived')}
          </Button>
          <Button variant="outline" onClick={() => setDialog('reject')} disabled={decide.isPending}>
            {t('shared.reject')}
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
          title={t('deposits.sheet.rejectTitle')}
          description={t('deposits.sheet.rejectDescription', { amount: money(d.amount), name: d.user.name })}
          codes={DEPOSIT_REJECTION_CODES}
          labels={rejectionLabels}
          schema={rejectDepositSchema}
          pending={decide.isPending}
          onReject={(body) => run({ verb: 'reject', id: d.id, body })}
        />
      ) : null}
    </DetailSheet>
  );
}
