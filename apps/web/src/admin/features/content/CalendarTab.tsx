import type { CalendarEventOut } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/admin/components/DataTable';
import { useTableParams } from '@/admin/components/useTableParams';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { ConfirmDialog } from '../clients/ConfirmDialog';
import { ConfirmRemoveDemo } from './ConfirmRemoveDemo';
import { EventDialog } from './EventDialog';
import { DemoBadge, IMPORTANCE_LABELS, utcText } from './fields';
import { ImportDialog } from './ImportDialog';
import { useAdminCalendar, useDeleteEvent } from './queries';

const FILTERS = ['from', 'to'] as const;

/** The Calendar tab: every event (a date range to narrow it), add, edit, delete, import, remove demo. */
export function CalendarTab() {
  const id = useId();
  const table = useTableParams(FILTERS, 'time');
  const { from, to } = table.filters;
  const page = useAdminCalendar({ page: table.page, sort: table.sortParam, from, to });
  const demo = useAdminCalendar({ demo: '1', per_page: 1 });
  const demoCount = demo.data?.meta.total ?? 0;
  const del = useDeleteEvent();
  const [editing, setEditing] = useState<CalendarEventOut | null>(null);
  const [dialog, setDialog] = useState<'edit' | 'import' | 'demo' | null>(null);
  const [deleting, setDeleting] = useState<CalendarEventOut | null>(null);

  const columns = useMemo<ColumnDef<CalendarEventOut, unknown>[]>(
    () => [
      {
        id: 'time',
        header: 'Time (UTC)',
        cell: ({ row }) => <span className="tabular-nums">{utcText(row.original.time)}</span>,
      },
      { id: 'country', header: 'Country', cell: ({ row }) => row.original.country },
      { id: 'currency', header: 'Currency', cell: ({ row }) => row.original.currency },
      {
        id: 'title',
        header: 'Event',
        cell: ({ row }) => (
          <span className="whitespace-normal">
            {row.original.title}
            {row.original.is_demo ? <DemoBadge /> : null}
          </span>
        ),
      },
      {
        id: 'importance',
        header: 'Importance',
        cell: ({ row }) => IMPORTANCE_LABELS[row.original.importance],
      },
      { id: 'actual', header: 'Actual', enableSorting: false, cell: ({ row }) => row.original.actual ?? '—' },
      {
        id: 'forecast',
        header: 'Forecast',
        enableSorting: false,
        cell: ({ row }) => row.original.forecast ?? '—',
      },
      {
        id: 'previous',
        header: 'Previous',
        enableSorting: false,
        cell: ({ row }) => row.original.previous ?? '—',
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex gap-1">
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label={`Edit ${row.original.title}`}
              onClick={() => {
                setEditing(row.original);
                setDialog('edit');
              }}
            >
              <Pencil />
            </Button>
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label={`Delete ${row.original.title}`}
              onClick={() => setDeleting(row.original)}
            >
              <Trash2 />
            </Button>
          </span>
        ),
      },
    ],
    [],
  );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={from}
              onChange={(e) => table.setFilter('from', e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={to}
              onChange={(e) => table.setFilter('to', e.target.value)}
            />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {demoCount > 0 ? (
            <Button variant="outline" onClick={() => setDialog('demo')}>
              <Trash2 /> Remove demo content
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => setDialog('import')}>
            <Upload /> Import
          </Button>
          <Button
            onClick={() => {
              setEditing(null);
              setDialog('edit');
            }}
          >
            <Plus /> Add event
          </Button>
        </div>
      </div>
      <DataTable
        label="Calendar events"
        columns={columns}
        rows={page.data?.data}
        meta={page.data?.meta}
        loading={page.isFetching}
        error={page.isError ? 'The calendar could not be loaded.' : null}
        onRetry={() => void page.refetch()}
        sort={table.sort}
        onSortChange={table.setSort}
        onPageChange={table.setPage}
        empty="No events in this range."
        rowKey={(r) => r.id}
      />
      <EventDialog
        event={editing}
        open={dialog === 'edit'}
        onOpenChange={(o) => setDialog(o ? 'edit' : null)}
      />
      <ImportDialog open={dialog === 'import'} onOpenChange={(o) => setDialog(o ? 'import' : null)} />
      <ConfirmRemoveDemo
        kind="calendar"
        count={demoCount}
        open={dialog === 'demo'}
        onOpenChange={(o) => setDialog(o ? 'demo' : null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title="Delete this event?"
        description={deleting ? `${deleting.title} (${deleting.country}, ${utcText(deleting.time)})` : ''}
        confirmLabel="Delete"
        destructive
        pending={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Event deleted');
              setDeleting(null);
            },
            onError: (err) => toast.error(apiErrorMessage(err, 'The event could not be deleted.')),
          })
        }
      />
    </div>
  );
}
