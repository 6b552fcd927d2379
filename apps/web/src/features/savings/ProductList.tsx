import type { SavingsProduct } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { formatAmount } from '@/features/money/convert';
import { useSavingsProducts } from './queries';
import { formatRate, formatTerm, kindLabel } from './savingsFormat';

/** The products staff offer, each with its rate, term, minimum and currency, and "Subscribe". */
export function ProductList({ onSubscribe }: { onSubscribe: (product: SavingsProduct) => void }) {
  const { t } = useTranslation('money');
  const products = useSavingsProducts();
  const offered = products.data?.filter((p) => p.enabled) ?? [];
  return (
    <section aria-labelledby="savings-products" className="flex flex-col gap-3">
      <h2 id="savings-products" className="text-base font-semibold">
        {t('savings.products.title')}
      </h2>
      {products.isPending ? (
        <Spinner className="self-center" />
      ) : products.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(products.error, t('savings.products.loadFailed'))}
        />
      ) : offered.length === 0 ? (
        <p className="rounded-xl border bg-card px-4 py-6 text-center text-sm text-muted-foreground">
          {t('savings.products.empty')}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label={t('savings.products.list')}>
          {offered.map((p) => (
            <li
              key={p.id}
              data-testid="savings-product"
              className="flex flex-col gap-3 rounded-xl border bg-card p-4"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 className="truncate font-semibold">{p.name}</h3>
                  <p className="text-xs text-muted-foreground">
                    {kindLabel(p.kind)} · {p.currency}
                  </p>
                </div>
                <span className="shrink-0 text-lg font-semibold text-foreground tabular-nums">
                  {formatRate(p.annual_rate)}
                </span>
              </div>
              {p.description ? <p className="text-sm text-muted-foreground">{p.description}</p> : null}
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-xs text-muted-foreground">{t('savings.products.term')}</dt>
                  <dd>{formatTerm(p)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">{t('savings.products.minimum')}</dt>
                  <dd className="tabular-nums">{formatAmount(p.min_amount, p.currency)}</dd>
                </div>
              </dl>
              <Button
                className="mt-auto self-start"
                onClick={() => onSubscribe(p)}
                aria-label={t('savings.products.subscribeLabel', { name: p.name })}
              >
                {t('savings.products.subscribe')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
