import type { DepositMethods } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import { CopyButton } from './CopyButton';

type Wire = DepositMethods['wire'];

/** The broker's bank details to pay into, each with a copy button, and the customer's reference. */
export function BankDetails({ wire }: { wire: Wire }) {
  const { t } = useTranslation('money');
  const rows: readonly [string, string, string][] = [
    ['beneficiary', t('deposit.bank.beneficiary'), wire.bank.beneficiary],
    ['bank', t('deposit.bank.bank'), wire.bank.bank_name],
    ['iban', t('deposit.bank.iban'), wire.bank.iban],
    ['bic', t('deposit.bank.bic'), wire.bank.bic],
    ['address', t('deposit.bank.address'), wire.bank.address],
  ];
  return (
    <div className="flex flex-col gap-3">
      {wire.bank.demo ? (
        <Alert
          variant="warning"
          title={t('deposit.bank.sandboxTitle')}
          description={t('deposit.bank.sandboxText')}
        />
      ) : null}
      <div
        className="flex flex-col gap-2 rounded-xl border-2 border-primary/60 bg-primary/10 p-4"
        data-testid="wire-reference"
      >
        <span className="text-xs font-medium uppercase tracking-wide text-foreground">
          {t('deposit.bank.referenceTitle')}
        </span>
        <div className="flex items-center gap-2">
          <code className="min-w-0 flex-1 font-mono text-lg font-semibold break-all">{wire.reference}</code>
          <CopyButton value={wire.reference} label={t('deposit.bank.reference')} />
        </div>
        <p className="text-xs text-muted-foreground">{t('deposit.bank.referenceHint')}</p>
      </div>
      <dl className="flex flex-col divide-y rounded-xl border bg-card">
        {rows.map(([key, label, value]) => (
          <div key={key} className="flex items-center gap-2 px-3 py-2 text-sm">
            <dt className="w-28 shrink-0 text-muted-foreground">{label}</dt>
            <dd className="flex min-w-0 flex-1 items-center gap-2">
              <span dir="ltr" className="min-w-0 flex-1 text-start font-mono break-words">
                {value}
              </span>
              <CopyButton value={value} label={label} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
