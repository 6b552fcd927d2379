import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';

/** Previous / next under a paged list (DESIGN §4 paginator meta). */
export function Pager({
  page,
  lastPage,
  onPage,
  label,
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  /** Names the list, e.g. "Deposit history pages". */
  label: string;
}) {
  const { t } = useTranslation('money');
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 text-sm">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="rtl:rotate-180" /> {t('pager.previous')}
      </Button>
      <span className="text-muted-foreground tabular-nums" aria-live="polite">
        {t('pager.page', { page, last: lastPage })}
      </span>
      <Button size="sm" variant="outline" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        {t('pager.next')} <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
      </Button>
    </nav>
  );
}
