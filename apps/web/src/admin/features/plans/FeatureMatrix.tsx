import { type AdminPlans, PLAN_FEATURE_VALUE_MAX, type PlanFeatureRow } from '@openbroker/domain';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { useCreateFeature, useDeleteFeature, useUpdateFeature, useUpdatePlan } from './queries';

type Cells = Record<number, string[]>;

/** Each plan's values padded to one per row (SPEC §3: aligned with plan_features by position). */
function cellsOf(data: AdminPlans): Cells {
  const n = data.plan_features.length;
  return Object.fromEntries(
    data.plans.map((p) => [p.id, Array.from({ length: n }, (_, i) => p.features[i] ?? '')]),
  );
}

/** Values without trailing empty cells, so a padded but untouched plan is not a change. */
const trimmed = (values: readonly string[]): string[] => {
  const out = values.map((v) => v.trim());
  while (out.length > 0 && out.at(-1) === '') out.pop();
  return out;
};

/**
 * The plan comparison as staff edit it: one row per feature (SPEC's plan_features, the first a
 * monetary amount such as the minimum deposit), one column per plan. Rows are renamed, moved,
 * added and removed at once; cell values are saved together with "Save values".
 */
export function FeatureMatrix({ data }: { data: AdminPlans }) {
  const { t } = useTranslation('admin');
  const updatePlan = useUpdatePlan();
  const createFeature = useCreateFeature();
  const updateFeature = useUpdateFeature();
  const deleteFeature = useDeleteFeature();
  const [seen, setSeen] = useState(data);
  const [cells, setCells] = useState<Cells>(() => cellsOf(data));
  const [titles, setTitles] = useState<Record<number, string>>({});
  const [newRow, setNewRow] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // The question replaces the bin under the keyboard's focus: it takes the focus, so it is not lost.
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming !== null) confirmRef.current?.focus();
  }, [confirming]);
  const rows = data.plan_features;

  // Fresh data (a save, or another staff member's change): take it, keeping unsaved cells of the
  // plans edited here as long as the rows did not move under them.
  if (data !== seen) {
    const rowIds = (d: AdminPlans) => JSON.stringify(d.plan_features.map((r) => r.id));
    const next = cellsOf(data);
    if (rowIds(seen) === rowIds(data)) {
      for (const p of seen.plans) {
        const mine = cells[p.id];
        if (mine && next[p.id] && JSON.stringify(trimmed(mine)) !== JSON.stringify(trimmed(p.features)))
          next[p.id] = mine;
      }
    }
    setSeen(data);
    setCells(next);
  }
  const dirtyPlans = data.plans.filter(
    (p) => JSON.stringify(trimmed(cells[p.id] ?? [])) !== JSON.stringify(trimmed(p.features)),
  );

  const run = async (work: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
    } catch (err) {
      toast.error(apiErrorMessage(err, failed));
    } finally {
      setBusy(false);
    }
  };

  const rename = (row: PlanFeatureRow) => {
    const title = titles[row.id]?.trim();
    if (title === undefined || title === row.title) return;
    if (title === '') {
      setTitles(({ [row.id]: _gone, ...rest }) => rest);
      return;
    }
    void run(
      () => updateFeature.mutateAsync({ id: row.id, body: { title } }),
      t('plans.matrix.renamed', { title }),
      t('plans.matrix.renameFailed'),
    );
  };

  /** Moves a row by renumbering every row in the new order (ties in rank would otherwise not move). */
  const move = (index: number, by: -1 | 1) => {
    const order = [...rows];
    const [row] = order.splice(index, 1);
    if (!row) return;
    order.splice(index + by, 0, row);
    void run(
      async () => {
        for (const [rank, r] of order.entries()) {
          if (r.rank !== rank) await updateFeature.mutateAsync({ id: r.id, body: { rank } });
        }
      },
      t('plans.matrix.moved', { title: row.title }),
      t('plans.matrix.moveFailed'),
    );
  };

  const add = (e: FormEvent) => {
    e.preventDefault();
    const title = newRow.trim();
    if (!title) return;
    void run(
      async () => {
        await createFeature.mutateAsync({ title });
        setNewRow('');
      },
      t('plans.matrix.added', { title }),
      t('plans.matrix.addFailed'),
    );
  };

  const saveValues = () =>
    run(
      async () => {
        for (const p of dirtyPlans)
          await updatePlan.mutateAsync({ id: p.id, body: { features: cells[p.id] ?? [] } });
      },
      t('plans.matrix.valuesSaved'),
      t('plans.matrix.valuesFailed'),
    );

  return (
    <div className="flex flex-col gap-3">
      <div className="relative overflow-x-auto rounded-lg border">
        <table className="w-full min-w-[640px] border-collapse text-sm">
          <caption className="sr-only">{t('plans.matrix.caption')}</caption>
          <thead className="bg-muted/40">
            <tr>
              <th scope="col" className="w-56 min-w-44 px-3 py-2 text-start font-medium">
                {t('plans.matrix.row')}
              </th>
              {data.plans.map((p) => (
                <th key={p.id} scope="col" className="px-3 py-2 text-start font-medium">
                  {p.title}
                </th>
              ))}
              <th scope="col" className="w-32 px-3 py-2 text-end font-medium">
                <span className="sr-only">{t('plans.matrix.rowActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={row.id} className="border-t">
                <th scope="row" className="px-3 py-2 text-start font-normal">
                  <Input
                    aria-label={t('plans.matrix.rowTitle', { n: i + 1 })}
                    value={titles[row.id] ?? row.title}
                    maxLength={80}
                    onChange={(e) => setTitles((t) => ({ ...t, [row.id]: e.target.value }))}
                    onBlur={() => rename(row)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        rename(row);
                      }
                    }}
                  />
                  {i === 0 ? (
                    <p className="mt-1 text-muted-foreground text-xs">{t('plans.matrix.firstRowHint')}</p>
                  ) : null}
                </th>
                {data.plans.map((p) => (
                  <td key={p.id} className="min-w-40 px-3 py-2">
                    <Input
                      aria-label={t('plans.matrix.cell', { row: row.title, plan: p.title })}
                      value={cells[p.id]?.[i] ?? ''}
                      maxLength={PLAN_FEATURE_VALUE_MAX}
                      onChange={(e) =>
                        setCells((c) => {
                          const values = [...(c[p.id] ?? [])];
                          values[i] = e.target.value;
                          return { ...c, [p.id]: values };
                        })
                      }
                    />
                  </td>
                ))}
                <td className="px-3 py-2">
                  <div className="flex justify-end gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t('plans.matrix.moveUp', { title: row.title })}
                      disabled={busy || i === 0}
                      onClick={() => move(i, -1)}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t('plans.matrix.moveDown', { title: row.title })}
                      disabled={busy || i === rows.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    {confirming === row.id ? (
                      <Button
                        ref={confirmRef}
                        type="button"
                        variant="destructive"
                        size="sm"
                        disabled={busy}
                        // Leaving the question (Tab, a click elsewhere, Escape) keeps the row.
                        onBlur={() => setConfirming(null)}
                        onKeyDown={(e) => {
                          if (e.key === 'Escape') {
                            e.preventDefault();
                            setConfirming(null);
                          }
                        }}
                        onClick={() => {
                          setConfirming(null);
                          void run(
                            () => deleteFeature.mutateAsync(row.id),
                            t('plans.matrix.removed', { title: row.title }),
                            t('plans.matrix.removeFailed'),
                          );
                        }}
                      >
                        {t('plans.matrix.confirmRemove')}
                        <span className="sr-only"> {row.title}</span>
                      </Button>
                    ) : (
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon-sm"
                        aria-label={t('plans.matrix.remove', { title: row.title })}
                        disabled={busy}
                        onClick={() => setConfirming(row.id)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <form
          onSubmit={add}
          className="flex w-full min-w-0 items-center gap-2 sm:w-auto sm:max-w-md sm:flex-1"
        >
          <Input
            aria-label={t('plans.matrix.newRowTitle')}
            placeholder={t('plans.matrix.newRowPlaceholder')}
            value={newRow}
            maxLength={80}
            onChange={(e) => setNewRow(e.target.value)}
          />
          <Button type="submit" variant="outline" disabled={busy || newRow.trim() === ''}>
            <Plus aria-hidden="true" />
            {t('plans.matrix.addRow')}
          </Button>
        </form>
        <Button type="button" disabled={busy || dirtyPlans.length === 0} onClick={() => void saveValues()}>
          {dirtyPlans.length === 0
            ? t('plans.matrix.saveValues')
            : t('plans.matrix.saveValuesCount', { count: dirtyPlans.length })}
        </Button>
      </div>
    </div>
  );
}
