import { MARKETPLACE_DEFAULTS, MARKETPLACE_FILTERS, type MarketplaceFilter } from '@openbroker/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { SearchInput } from '@/components/ui/SearchInput';
import { cn } from '@/lib/utils';
import { filterLabel } from './marketplaceItems';

const isFilter = (value: string): value is MarketplaceFilter =>
  (MARKETPLACE_FILTERS as readonly string[]).includes(value);

/**
 * The marketplace's search box, filter select and category chips (SPEC §2 query parameters). The
 * chips wrap on a phone; the selected one is pressed.
 */
export function MarketplaceFilters({
  search,
  onSearch,
  filter,
  onFilter,
  category,
  categories,
  onCategory,
}: {
  search: string;
  onSearch: (value: string) => void;
  filter: MarketplaceFilter;
  onFilter: (value: MarketplaceFilter) => void;
  category: string;
  categories: readonly string[];
  onCategory: (value: string) => void;
}) {
  const { t } = useTranslation('account');
  const id = useId();
  const all = MARKETPLACE_DEFAULTS.category;
  const selected = category.toLowerCase();
  // A category from the address that no item has any more still shows, so it can be cleared.
  const chips = [all, ...categories];
  if (selected !== all && !categories.some((c) => c.toLowerCase() === selected)) chips.push(category);
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-search`}>{t('marketplace.search')}</Label>
          <SearchInput
            id={`${id}-search`}
            value={search}
            onValueChange={onSearch}
            placeholder={t('marketplace.searchPlaceholder')}
            autoComplete="off"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-filter`}>{t('marketplace.show')}</Label>
          <NativeSelect
            id={`${id}-filter`}
            value={filter}
            onChange={(e) => {
              if (isFilter(e.target.value)) onFilter(e.target.value);
            }}
          >
            {MARKETPLACE_FILTERS.map((f) => (
              <option key={f} value={f}>
                {filterLabel(f)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <fieldset className="flex flex-wrap items-center gap-1.5">
        <legend className="sr-only">{t('marketplace.category')}</legend>
        {chips.map((c) => {
          const pressed = c.toLowerCase() === selected;
          return (
            <button
              key={c}
              type="button"
              aria-pressed={pressed}
              onClick={() => onCategory(c)}
              className={cn(
                'h-7 rounded-full border px-3 text-xs font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                pressed
                  ? 'border-primary bg-primary/15 text-foreground'
                  : 'text-muted-foreground hover:bg-accent',
              )}
            >
              {c === all ? t('marketplace.all') : c}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}
