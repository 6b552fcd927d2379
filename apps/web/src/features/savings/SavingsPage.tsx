import type { SavingsPosition, SavingsProduct } from '@openbroker/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { PageHeading } from '@/components/PageHeading';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { PositionList } from './PositionList';
import { ProductList } from './ProductList';
import { useSavingsPositions } from './queries';
import { RedeemDialog } from './RedeemDialog';
import { SavingsHistory } from './SavingsHistory';
import { SubscribeDialog } from './SubscribeDialog';

type OpenDialog =
  | { kind: 'subscribe'; product: SavingsProduct }
  | { kind: 'redeem'; position: SavingsPosition }
  | null;

/**
 * `/main/savings` (SPEC §2): the products staff offer, the customer's positions with the interest
 * accrued so far, and the positions already redeemed. Money moves from and back to a live trading
 * account through the ledger.
 */
export function SavingsPage() {
  const { t } = useTranslation('money');
  const positions = useSavingsPositions();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const active = positions.data?.filter((p) => p.status === 'active') ?? [];
  const redeemed = positions.data?.filter((p) => p.status === 'redeemed') ?? [];
  const close = () => setDialog(null);

  return (
    <section className="flex flex-col gap-6" data-testid="savings-page">
      <div>
        <PageHeading title={t('savings.title')} />
        <p className="text-sm text-muted-foreground">{t('savings.intro')}</p>
      </div>
      <ProductList onSubscribe={(product) => setDialog({ kind: 'subscribe', product })} />
      <section aria-labelledby="savings-positions" className="flex flex-col gap-3">
        <h2 id="savings-positions" className="text-base font-semibold">
          {t('savings.positions.title')}
        </h2>
        {positions.isPending ? (
          <Spinner className="self-center" />
        ) : positions.isError ? (
          <Alert
            variant="destructive"
            description={apiErrorMessage(positions.error, t('savings.positions.loadFailed'))}
          />
        ) : (
          <PositionList positions={active} onRedeem={(position) => setDialog({ kind: 'redeem', position })} />
        )}
      </section>
      {positions.isSuccess ? (
        <section aria-labelledby="savings-history" className="flex flex-col gap-3">
          <h2 id="savings-history" className="text-base font-semibold">
            {t('savings.history.title')}
          </h2>
          <SavingsHistory positions={redeemed} />
        </section>
      ) : null}
      {dialog?.kind === 'subscribe' ? <SubscribeDialog product={dialog.product} onClose={close} /> : null}
      {dialog?.kind === 'redeem' ? <RedeemDialog position={dialog.position} onClose={close} /> : null}
    </section>
  );
}
