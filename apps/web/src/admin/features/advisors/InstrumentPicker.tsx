import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { SearchInput } from '@/components/ui/SearchInput';
import { useInstrument, useInstruments } from '../instruments/queries';

const SEARCH_DELAY_MS = 300;
const RESULTS = 30;

/**
 * The advisor's instrument: a search over the back office's instrument list (thousands of them)
 * narrows the choices of a plain select, which keeps the chosen one whatever the search shows.
 */
export function InstrumentPicker(props: {
  id: string;
  value: number | null;
  error: string | undefined;
  onChange: (assetId: number) => void;
}) {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setTerm(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [search]);
  const results = useInstruments({ search: term || undefined, per_page: RESULTS, sort: 'symbol' });
  const chosen = useInstrument(props.value ?? 0);
  const options = results.data?.data ?? [];
  const current = chosen.data;
  const note = props.error ? `${props.id}-error` : `${props.id}-hint`;

  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${props.id}-search`}>{t('advisors.instrument.find')}</Label>
          <SearchInput
            id={`${props.id}-search`}
            value={search}
            onValueChange={setSearch}
            placeholder={t('advisors.instrument.searchPlaceholder')}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={props.id}>{t('advisors.instrument.label')}</Label>
          <NativeSelect
            id={props.id}
            value={props.value === null ? '' : String(props.value)}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={note}
            onChange={(e) => {
              const id = Number(e.target.value);
              if (Number.isSafeInteger(id) && id > 0) props.onChange(id);
            }}
          >
            <option value="">{t('advisors.instrument.choose')}</option>
            {current && !options.some((o) => o.id === current.id) ? (
              <option value={current.id}>
                {current.symbol_display} — {current.name}
              </option>
            ) : props.value !== null && !current && !options.some((o) => o.id === props.value) ? (
              <option value={props.value}>{t('advisors.instrument.byId', { id: props.value })}</option>
            ) : null}
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.symbol_display} — {o.name}
                {o.enabled ? '' : ` ${t('advisors.instrument.disabled')}`}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {props.error ? (
        <p id={note} className="text-destructive text-xs">
          {props.error}
        </p>
      ) : (
        <p id={note} className="text-muted-foreground text-xs" aria-live="polite">
          {results.isError
            ? t('advisors.instrument.loadFailed')
            : results.isFetching && !results.data
              ? t('advisors.instrument.loading')
              : term
                ? t('advisors.instrument.matchesTerm', {
                    n: results.data?.meta.total ?? 0,
                    term,
                    first: RESULTS,
                  })
                : t('advisors.instrument.matches', { n: results.data?.meta.total ?? 0, first: RESULTS })}
        </p>
      )}
    </div>
  );
}
