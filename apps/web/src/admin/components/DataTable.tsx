import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/utils';

export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/**
 * A server-paged, server-sorted table of the back office (TanStack Table on our primitives): the
 * page, the sort and the filters live in the address (see useTableParams), the server does the work.
 * Columns with `enableSorting: false` (or without an `id`/accessor) are not sortable.
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
}) {
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
  const meta = props.meta;
  return (
    <div className="flex flex-col gap-3">
      <div className="relative overflow-x-auto rounded-md border">
        <table className="w-full text-sm" aria-label={props.label} aria-busy={props.loading}>
          <thead className="bg-muted/40 text-left text-muted-foreground text-xs uppercase">
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
                      className="whitespace-nowrap px-3 py-2 font-medium"
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-foreground"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {label}
                          {sorted === 'asc' ? (
                            <ArrowUp className="size-3" aria-hidden="true" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown className="size-3" aria-hidden="true" />
                          ) : (
                            <ArrowUpDown className="size-3 opacity-50" aria-hidden="true" />
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
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t hover:bg-muted/30">
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
            <Spinner /> Loading…
          </div>
        ) : props.error ? (
          <div role="alert" className="flex items-center justify-center gap-3 p-6 text-destructive text-sm">
            {props.error}
            {props.onRetry ? (
              <Button size="sm" variant="outline" onClick={props.onRetry}>
                Retry
              </Button>
            ) : null}
          </div>
        ) : props.rows && props.rows.length === 0 ? (
          <div className="p-6 text-center text-muted-foreground text-sm">{props.empty}</div>
        ) : null}
      </div>
      {meta && meta.total > 0 ? (
        <nav
          aria-label={`${props.label} pages`}
          className={cn('flex items-center justify-between gap-3 text-muted-foreground text-sm')}
        >
          <span>
            {meta.total.toLocaleString('en-US')} in all · page {meta.current_page} of {meta.last_page}
          </span>
          <span className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={meta.current_page <= 1}
              onClick={() => props.onPageChange(meta.current_page - 1)}
            >
              Previous
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={meta.current_page >= meta.last_page}
              onClick={() => props.onPageChange(meta.current_page + 1)}
            >
              Next
            </Button>
          </span>
        </nav>
      ) : null}
    </div>
  );
}
