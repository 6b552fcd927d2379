import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { formatNumber } from '@/i18n/format';
import { useRovingFocus } from '@/lib/useRovingFocus';
import { cn } from '@/lib/utils';

export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** A click on a control inside a row (a link, a button, a field) is that control's, not the row's. */
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="link"]';

/**
 * A server-paged, server-sorted table of the back office (TanStack Table on our primitives): the
 * page, the sort and the filters live in the address (see useTableParams), the server does the work.
 * Columns with `enableSorting: false` (or without an `id`/accessor) are not sortable.
 *
 * With `onRowClick`, rows open on click and the body is one Tab stop: arrow keys, Home/End and
 * PageUp/PageDown move between rows and Enter opens the focused one.
 */
export function DataTable<T>(props: {
  columns: ColumnDef<T, unknown>[];
  rows: T[] | undefined;
  meta: PageMeta | undefined;
  loading: boolean;
  error?: string | null;
  onRetry?: () => void;
  sort: SortingState;
  onSortChange: (sort: SortingState) => void;
  onPageChange: (page: number) => void;
  empty: ReactNode;
  /** An accessible name for the table (e.g. "Clients"). */
  label: string;
  rowKey: (row: T) => string | number;
  /** Opens a row (click, or Enter on the focused row); makes the rows one keyboard stop. */
  onRowClick?: (row: T) => void;
}) {
  const { t } = useTranslation('admin');
  const table = useReactTable({
    data: props.rows ?? [],
    columns: props.columns,
    manualSorting: true,
    manualPagination: true,
    pageCount: props.meta?.last_page ?? 1,
    state: { sorting: props.sort },
    onSortingChange: (updater) =>
      props.onSortChange(typeof updater === 'function' ? updater(props.sort) : updater),
    enableMultiSort: false,
    getRowId: (row) => String(props.rowKey(row)),
    getCoreRowModel: getCoreRowModel(),
  });
  const rows = table.getRowModel().rows;
  const onRowClick = props.onRowClick;
  const roving = useRovingFocus<HTMLTableSectionElement>(rows.length, {
    onActivate: (index) => {
      const row = rows[index];
      if (row && onRowClick) onRowClick(row.original);
    },
  });
  const rowClicked = (e: MouseEvent<HTMLTableRowElement>, row: T) => {
    if ((e.target as HTMLElement).closest(INTERACTIVE)) return;
    onRowClick?.(row);
  };
  const meta = props.meta;
  return (
    <div className="flex flex-col gap-3">
      {/* Scrolls sideways on narrow screens: a keyboard stop of its own, so arrows can scroll it. */}
      <section
        aria-label={props.label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="relative overflow-x-auto rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <table className="w-full text-sm" aria-label={props.label} aria-busy={props.loading}>
          <thead className="bg-muted/40 text-start text-muted-foreground text-xs uppercase">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="whitespace-nowrap px-3 py-2 text-start font-medium"
                      aria-sort={
                        sorted === 'asc'
                          ? 'ascending'
                          : sorted === 'desc'
                            ? 'descending'
                            : canSort
                              ? 'none'
                              : undefined
                      }
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 rounded-sm uppercase outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {label}
                          {sorted === 'asc' ? (
                            <ArrowUp className="size-3" aria-hidden="true" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown className="size-3" aria-hidden="true" />
                          ) : (
                            <ArrowUpDown className="size-3" aria-hidden="true" />
                          )}
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody {...(onRowClick ? roving.containerProps : {})}>
            {rows.map((row, i) => (
              <tr
                key={row.id}
                className={cn(
                  'border-t hover:bg-muted/30',
                  onRowClick &&
                    'cursor-pointer outline-none focus-visible:bg-muted/30 focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-solid focus-visible:-outline-offset-2',
                )}
                {...(onRowClick
                  ? {
                      ...roving.itemProps(i),
                      onClick: (e: MouseEvent<HTMLTableRowElement>) => rowClicked(e, row.original),
                    }
                  : {})}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="whitespace-nowrap px-3 py-2 align-middle">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {props.loading && !props.rows ? (
          <div className="flex items-center justify-center gap-2 p-6 text-muted-foreground text-sm">
            <Spinner /> {t('table.loading')}
          </div>
        ) : props.error ? (
          <div role="alert" className="flex items-center justify-center gap-3 p-6 text-destructive text-sm">
            {props.error}
            {props.onRetry ? (
              <Button size="sm" variant="outline" onClick={props.onRetry}>
                {t('table.retry')}
              </Button>
            ) : null}
          </div>
        ) : props.rows && props.rows.length === 0 ? (
          <div className="p-6 text-center text-muted-foreground text-sm">{props.empty}</div>
        ) : null}
      </section>
      {meta && meta.total > 0 ? (
        <nav
          aria-label={t('table.pages', { label: props.label })}
          className="flex flex-wrap items-center justify-between gap-3 text-muted-foreground text-sm"
        >
          <span>
            {t('table.summary', {
              total: formatNumber(meta.total),
              page: formatNumber(meta.current_page),
              last: formatNumber(meta.last_page),
            })}
          </span>
          <span className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              aria-label={t('table.previousPage')}
              disabled={meta.current_page <= 1}
              onClick={() => props.onPageChange(meta.current_page - 1)}
            >
              {t('table.previous')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label={t('table.nextPage')}
              disabled={meta.current_page >= meta.last_page}
              onClick={() => props.onPageChange(meta.current_page + 1)}
            >
              {t('table.next')}
            </Button>
          </span>
        </nav>
      ) : null}
    </div>
  );
}
