import type { TradingAccount } from '@openbroker/domain';
import { ArrowLeftRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/PageHeading';
import { Button } from '@/components/ui/Button';
import { useMoneyFormatter } from '@/features/money/useMoney';
import { StatementSection } from '@/features/statements/StatementSection';
import { useSessionStore } from '@/stores/sessionStore';
import { AccountCard } from './AccountCard';
import { OpenAccountDialog } from './OpenAccountDialog';
import { RecentTransfers } from './RecentTransfers';
import { ResetDemoDialog } from './ResetDemoDialog';
import { TransferDialog } from './TransferDialog';

const NO_ACCOUNTS: never[] = [];

type OpenDialog = { kind: 'open' } | { kind: 'transfer' } | { kind: 'reset'; account: TradingAccount } | null;

/**
 * `/main/accounts`: the user's trading accounts (type, number, title, currency, balance, credit)
 * and which one the app works on; "Select" switches it (SPEC §3 selectedAccountIndex). Opening
 * accounts, resetting a demo, transfers between live accounts and statements live here too.
 */
export function AccountsPage() {
  const { t } = useTranslation('money');
  const accounts = useSessionStore((s) => s.user?.accounts ?? NO_ACCOUNTS);
  const selected = useSessionStore((s) => s.selectedAccountIndex);
  const select = useSessionStore((s) => s.setSelectedAccountIndex);
  const format = useMoneyFormatter();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const current = accounts[selected] ? selected : 0;
  const live = accounts.filter((a) => a.type === 'live');
  const canTransfer = live.length >= 2;
  const close = () => setDialog(null);

  return (
    <section className="flex flex-col gap-6" data-testid="accounts-page">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <PageHeading title={t('accounts.title')} />
          <p className="text-sm text-muted-foreground">{t('accounts.intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => setDialog({ kind: 'transfer' })}
            disabled={!canTransfer}
            title={canTransfer ? undefined : t('accounts.transferNeedsTwo')}
          >
            <ArrowLeftRight aria-hidden="true" />
            {t('accounts.transfer.title')}
          </Button>
          <Button onClick={() => setDialog({ kind: 'open' })}>
            <Plus aria-hidden="true" />
            {t('accounts.open.title')}
          </Button>
        </div>
      </div>
      {accounts.length === 0 ? (
        <p className="rounded-xl border bg-card px-4 py-8 text-center text-sm text-muted-foreground">
          {t('accounts.empty')}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label={t('accounts.list')}>
          {accounts.map((a, i) => (
            <AccountCard
              key={a.id}
              account={a}
              active={i === current}
              format={format}
              onSelect={() => select(i)}
              onReset={() => setDialog({ kind: 'reset', account: a })}
            />
          ))}
        </ul>
      )}
      {live.length > 0 ? <RecentTransfers accounts={accounts} /> : null}
      {accounts.length > 0 ? (
        <StatementSection accounts={accounts} defaultAccountId={accounts[current]?.id} />
      ) : null}
      {dialog?.kind === 'open' ? <OpenAccountDialog onClose={close} /> : null}
      {dialog?.kind === 'transfer' ? (
        <TransferDialog accounts={live} fromId={accounts[current]?.id} onClose={close} />
      ) : null}
      {dialog?.kind === 'reset' ? <ResetDemoDialog account={dialog.account} onClose={close} /> : null}
    </section>
  );
}
