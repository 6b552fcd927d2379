import type { CalendarEventOut } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { DemoBadge, importanceKey, utcText } from './fields';
import { ImportDialog } from './ImportDialog';
import { useAdminCalendar, useDeleteEvent } from './queries';

const FILTERS = ['from', 'to'] as const;

/** The Calendar tab: every event (a date range to narrow it), add, edit, delete, import, remove demo. */
export function CalendarTab() {
  const { t } = useTranslation('adminClients');
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
        header: t('calendar.time'),
        cell: ({ row }) => <span className="tabular-nums">{utcText(row.original.time)}</span>,
      },
      { id: 'country', header: t('calendar.country'), cell: ({ row }) => row.original.country },
      { id: 'currency', header: t('calendar.currency'), cell: ({ row }) => row.original.currency },
      {
        id: 'title',
        header: t('calendar.event'),
        cell: ({ row }) => (
          <span className="whitespace-normal">
            {row.original.title}
            {row.original.is_demo ? <DemoBadge /> : null}
          </span>
        ),
      },
      {
        id: 'importance',
        header: t('calendar.importance'),
        cell: ({ row }) => t(`content.importance.${importanceKey(row.original.importance)}`),
      },
      {
        id: 'actual',
        header: t('calendar.actual'),
        enableSorting: false,
        cell: ({ row }) => row.original.actual ?? '—',
      },
      {
        id: 'forecast',
        header: t('calendar.forecast'),
        enableSorting: false,
        cell: ({ row }) => row.original.forecast ?? '—',
      },
      {
        id: 'previous',
        header: t('calendar.previous'),
        enableSorting: false,
        cell: ({ row }) => row.original.previous ?? '—',
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('shared.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex gap-1">
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label={t('shared.editNamed', { name: row.original.title })}
              onClick={() => {
                setEditing(row.original);
                setDialog('edit');
              }}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label={t('shared.deleteNamed', { name: row.original.title })}
              onClick={() => setDeleting(row.original)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </span>
        ),
      },
    ],
    [t],
  );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-from`}>{t('calendar.from')}</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={from}
              onChange={(e) => table.setFilter('from', e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-to`}>{t('calendar.to')}</Label>
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
              <Trash2 aria-hidden="true" /> {t('calendar.removeDemo')}
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => setDialog('import')}>
            <Upload aria-hidden="true" /> {t('calendar.import')}
          </Button>
          <Button
            onClick={() => {
              setEditing(null);
              setDialog('edit');
            }}
          >
            <Plus aria-hidden="true" /> {t('calendar.add')}
          </Button>
        </div>
      </div>
      <DataTable
        label={t('calendar.tableLabel')}
        columns={columns}
        rows={page.data?.data}
        meta={page.data?.meta}
        loading={page.isFetching}
        error={page.isError ? t('calendar.loadFailed') : null}
        onRetry={() => void page.refetch()}
        sort={table.sort}
        onSortChange={table.setSort}
        onPageChange={table.setPage}
        empty={t('calendar.empty')}
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
        title={t('calendar.deleteTitle')}
        description={
          deleting
            ? t('calendar.deleteText', {
                title: deleting.title,
                country: deleting.country,
                time: utcText(deleting.time),
              })
            : ''
        }
        confirmLabel={t('shared.delete')}
        destructive
        pending={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('calendar.deleted'));
              setDeleting(null);
            },
            onError: (err) => toast.error(apiErrorMessage(err, t('calendar.deleteFailed'))),
          })
        }
      />
    </div>
  );
}
