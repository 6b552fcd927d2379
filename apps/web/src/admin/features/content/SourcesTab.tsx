import type { NewsSource } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DataTable } from '@/admin/components/DataTable';
import { useTableParams } from '@/admin/components/useTableParams';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '../clients/ConfirmDialog';
import { utcText } from './fields';
import { useDeleteSource, useFetchSource, useNewsSources } from './queries';
import { SourceDialog } from './SourceDialog';

const NO_FILTERS = [] as const;

/** How the last fetch went, in words (never colour alone). */
function FetchStatus({ source }: { source: NewsSource }) {
  const { t } = useTranslation('adminClients');
  if (!source.last_fetched_at)
    return <span className="text-muted-foreground">{t('sources.notFetched')}</span>;
  return (
    <div className="max-w-sm whitespace-normal leading-tight">
      <div className="tabular-nums text-xs text-muted-foreground">{utcText(source.last_fetched_at)}</div>
      {source.last_error ? (
        <div className="text-destructive text-xs">{t('sources.failed', { error: source.last_error })}</div>
      ) : (
        <div className="text-success text-xs">{t('sources.ok', { count: source.last_added })}</div>
      )}
    </div>
  );
}

/** The Sources tab: RSS/Atom feeds with their last fetch, add, edit, delete and Fetch now. */
export function SourcesTab() {
  const { t } = useTranslation('adminClients');
  const table = useTableParams(NO_FILTERS);
  const page = useNewsSources({ page: table.page });
  const fetchNow = useFetchSource();
  const del = useDeleteSource();
  const [editing, setEditing] = useState<NewsSource | null>(null);
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState<NewsSource | null>(null);

  const columns = useMemo<ColumnDef<NewsSource, unknown>[]>(
    () => [
      { id: 'name', header: t('sources.name'), enableSorting: false, cell: ({ row }) => row.original.name },
      {
        id: 'url',
        header: t('sources.url'),
        enableSorting: false,
        cell: ({ row }) => (
          <span dir="ltr" className="block max-w-xs truncate font-mono text-xs" title={row.original.url}>
            {row.original.url}
          </span>
        ),
      },
      {
        id: 'enabled',
        header: t('sources.schedule'),
        enableSorting: false,
        cell: ({ row }) => (row.original.enabled ? t('sources.every15') : t('sources.disabled')),
      },
      {
        id: 'status',
        header: t('sources.lastFetch'),
        enableSorting: false,
        cell: ({ row }) => <FetchStatus source={row.original} />,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('shared.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex gap-1">
            <Button
              size="sm"
              variant="outline"
              disabled={fetchNow.isPending}
              onClick={() =>
                fetchNow.mutate(row.original.id, {
                  onSuccess: (r) =>
                    r.error
                      ? toast.error(t('sources.fetchError', { name: r.source.name, error: r.error }))
                      : toast.success(t('sources.fetched', { name: r.source.name, count: r.added })),
                  onError: (err) => toast.error(apiErrorMessage(err, t('sources.fetchFailed'))),
                })
              }
            >
              <RefreshCw aria-hidden="true" /> {t('sources.fetchNow')}
            </Button>
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label={t('shared.editNamed', { name: row.original.name })}
              onClick={() => {
                setEditing(row.original);
                setOpen(true);
              }}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label={t('shared.deleteNamed', { name: row.original.name })}
              onClick={() => setDeleting(row.original)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </span>
        ),
      },
    ],
    [fetchNow, t],
  );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground text-sm">{t('sources.intro')}</p>
        <Button
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          <Plus aria-hidden="true" /> {t('sources.add')}
        </Button>
      </div>
      <DataTable
        label={t('sources.tableLabel')}
        columns={columns}
        rows={page.data?.data}
        meta={page.data?.meta}
        loading={page.isFetching}
        error={page.isError ? t('sources.loadFailed') : null}
        onRetry={() => void page.refetch()}
        sort={table.sort}
        onSortChange={table.setSort}
        onPageChange={table.setPage}
        empty={t('sources.empty')}
        rowKey={(r) => r.id}
      />
      <SourceDialog source={editing} open={open} onOpenChange={setOpen} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title={t('sources.deleteTitle')}
        description={deleting ? t('sources.deleteText', { name: deleting.name }) : ''}
        confirmLabel={t('shared.delete')}
        destructive
        pending={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('sources.deleted'));
              setDeleting(null);
            },
            onError: (err) => toast.error(apiErrorMessage(err, t('sources.deleteFailed'))),
          })
        }
      />
    </div>
  );
}
