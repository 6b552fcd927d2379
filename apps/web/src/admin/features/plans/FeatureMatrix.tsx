import { type AdminPlans, PLAN_FEATURE_VALUE_MAX, type PlanFeatureRow } from '@openbroker/domain';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
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
      `Row renamed to ${title}.`,
      'The row was not renamed.',
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
      `Row ${row.title} moved.`,
      'The row was not moved.',
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
      `Row ${title} added.`,
      'The row was not added.',
    );
  };

  const saveValues = () =>
    run(
      async () => {
        for (const p of dirtyPlans)
          await updatePlan.mutateAsync({ id: p.id, body: { features: cells[p.id] ?? [] } });
      },
      'Comparison values saved.',
      'The values were not saved.',
    );

  return (
    <div className="flex flex-col gap-3">
      <div className="relative overflow-x-auto rounded-lg border">
        <table className="w-full min-w-[640px] border-collapse text-sm">
          <caption className="sr-only">Plan comparison: one row per feature, one column per plan</caption>
          <thead className="bg-muted/40">
            <tr>
              <th scope="col" className="w-56 min-w-44 px-3 py-2 text-left font-medium">
                Row
              </th>
              {data.plans.map((p) => (
                <th key={p.id} scope="col" className="px-3 py-2 text-left font-medium">
                  {p.title}
                </th>
              ))}
              <th scope="col" className="w-32 px-3 py-2 text-right font-medium">
                <span className="sr-only">Row actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={row.id} className="border-t">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  <Input
                    aria-label={`Row ${i + 1} title`}
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
                    <p className="mt-1 text-muted-foreground text-xs">
                      The first row is a monetary amount, e.g. $250.
                    </p>
                  ) : null}
                </th>
                {data.plans.map((p) => (
                  <td key={p.id} className="min-w-40 px-3 py-2">
                    <Input
                      aria-label={`${row.title} for ${p.title}`}
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
                      aria-label={`Move ${row.title} up`}
                      disabled={busy || i === 0}
                      onClick={() => move(i, -1)}
                    >
                      <ArrowUp />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Move ${row.title} down`}
                      disabled={busy || i === rows.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowDown />
                    </Button>
                    {confirming === row.id ? (
                      <Button
                        type="button"
                        variant="destructive"
                        size="sm"
                        disabled={busy}
                        onClick={() => {
                          setConfirming(null);
                          void run(
                            () => deleteFeature.mutateAsync(row.id),
                            `Row ${row.title} removed.`,
                            'The row was not removed.',
                          );
                        }}
                      >
                        Remove?
                      </Button>
                    ) : (
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Remove ${row.title}`}
                        disabled={busy}
                        onClick={() => setConfirming(row.id)}
                      >
                        <Trash2 />
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
            aria-label="New row title"
            placeholder="New row, e.g. Spreads from"
            value={newRow}
            maxLength={80}
            onChange={(e) => setNewRow(e.target.value)}
          />
          <Button type="submit" variant="outline" disabled={busy || newRow.trim() === ''}>
            <Plus aria-hidden="true" />
            Add row
          </Button>
        </form>
        <Button type="button" disabled={busy || dirtyPlans.length === 0} onClick={() => void saveValues()}>
          {dirtyPlans.length === 0
            ? 'Save values'
            : `Save values (${dirtyPlans.length} plan${dirtyPlans.length === 1 ? '' : 's'})`}
        </Button>
      </div>
    </div>
  );
}
