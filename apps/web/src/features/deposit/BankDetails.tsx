import type { DepositMethods } from '@openbroker/domain';
import { Alert } from '@/components/ui/Alert';
import { CopyButton } from './CopyButton';

type Wire = DepositMethods['wire'];

/** The broker's bank details to pay into, each with a copy button, and the customer's reference. */
export function BankDetails({ wire }: { wire: Wire }) {
  const rows: readonly [string, string][] = [
    ['Beneficiary', wire.bank.beneficiary],
    ['Bank', wire.bank.bank_name],
    ['IBAN', wire.bank.iban],
    ['BIC', wire.bank.bic],
    ['Bank address', wire.bank.address],
  ];
  return (
    <div className="flex flex-col gap-3">
      {wire.bank.demo ? (
        <Alert
          variant="warning"
          title="Sandbox bank details"
          description="These are example details for trying the platform: do not send real money to them."
        />
      ) : null}
      <div
        className="flex flex-col gap-2 rounded-xl border-2 border-primary/60 bg-primary/10 p-4"
        data-testid="wire-reference"
      >
        <span className="text-xs font-medium uppercase tracking-wide text-primary">
          Your reference — quote it on the transfer
        </span>
        <div className="flex items-center gap-2">
          <code className="min-w-0 flex-1 font-mono text-lg font-semibold break-all">{wire.reference}</code>
          <CopyButton value={wire.reference} label="Reference" />
        </div>
        <p className="text-xs text-muted-foreground">
          Put this reference in the payment's description so we can match the money to your account.
        </p>
      </div>
      <dl className="flex flex-col divide-y rounded-xl border bg-card">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-center gap-2 px-3 py-2 text-sm">
            <dt className="w-28 shrink-0 text-muted-foreground">{label}</dt>
            <dd className="min-w-0 flex-1 font-mono break-words">{value}</dd>
            <CopyButton value={value} label={label} />
          </div>
        ))}
      </dl>
    </div>
  );
}
