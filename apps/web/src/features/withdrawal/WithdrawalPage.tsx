import { LiveAccountOnly } from '@/features/deposit/LiveAccountOnly';
import { WithdrawalForm } from './WithdrawalForm';
import { WithdrawalList } from './WithdrawalList';

/** `/main/withdrawal` (SPEC §1): request a withdrawal from the selected live account; follow it. */
export function WithdrawalPage() {
  return (
    <section className="flex flex-col gap-5">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">Withdrawal</h1>
        <p className="text-sm text-muted-foreground">
          The amount is held on your account at once and paid out after our team approves it.
        </p>
      </div>
      <LiveAccountOnly action="withdraw">
        {(account) => (
          <>
            <WithdrawalForm key={account.id} account={account} />
            <WithdrawalList />
          </>
        )}
      </LiveAccountOnly>
    </section>
  );
}
