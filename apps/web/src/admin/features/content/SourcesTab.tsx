import type { NewsSource } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
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
  if (!source.last_fetched_at) return <span className="text-muted-foreground">Not fetched yet</span>;
  return (
    <div className="max-w-sm whitespace-normal leading-tight">
      <div className="tabular-nums text-xs text-muted-foreground">{utcText(source.last_fetched_at)}</div>
      {source.last_error ? (
        <div className="text-destructive text-xs">Failed: {source.last_error}</div>
      ) : (
        <div className="text-success text-xs">
          OK, {source.last_added} new {source.last_added === 1 ? 'headline' : 'headlines'}
        </div>
      )}
    </div>
  );
}

/** The Sources tab: RSS/Atom feeds with their last fetch, add, edit, delete and Fetch now. */
export function SourcesTab() {
  const table = useTableParams(NO_FILTERS);
  const page = useNewsSources({ page: table.page });
  const fetchNow = useFetchSource();
  const del = useDeleteSource();
  const [editing, setEditing] = useState<NewsSource | null>(null);
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState<NewsSource | null>(null);

  const columns = useMemo<ColumnDef<NewsSource, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', enableSorting: false, cell: ({ row }) => row.original.name },
      {
        id: 'url',
        header: 'Feed URL',
        enableSorting: false,
        cell: ({ row }) => (
          <span className="block max-w-xs truncate font-mono text-xs" title={row.original.url}>
            {row.original.url}
          </span>
        ),
      },
      {
        id: 'enabled',
        header: 'Schedule',
        enableSorting: false,
        cell: ({ row }) => (row.original.enabled ? 'Every 15 min' : 'Disabled'),
      },
      {
        id: 'status',
        header: 'Last fetch',
        enableSorting: false,
        cell: ({ row }) => <FetchStatus source={row.original} />,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
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
                      ? toast.error(`${r.source.name}: ${r.error}`)
                      : toast.success(
                          `${r.source.name}: ${r.added} new ${r.added === 1 ? 'headline' : 'headlines'}`,
                        ),
                  onError: (err) => toast.error(apiErrorMessage(err, 'The source could not be fetched.')),
                })
              }
            >
              <RefreshCw /> Fetch now
            </Button>
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label={`Edit ${row.original.name}`}
              onClick={() => {
                setEditing(row.original);
                setOpen(true);
              }}
            >
              <Pencil />
            </Button>
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label={`Delete ${row.original.name}`}
              onClick={() => setDeleting(row.original)}
            >
              <Trash2 />
            </Button>
          </span>
        ),
      },
    ],
    [fetchNow],
  );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground text-sm">
          Feeds are fetched by the server every 15 minutes; HTML is stripped to plain text and links must be
          http(s).
        </p>
        <Button
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          <Plus /> Add source
        </Button>
      </div>
      <DataTable
        label="News sources"
        columns={columns}
        rows={page.data?.data}
        meta={page.data?.meta}
        loading={page.isFetching}
        error={page.isError ? 'The sources could not be loaded.' : null}
        onRetry={() => void page.refetch()}
        sort={table.sort}
        onSortChange={table.setSort}
        onPageChange={table.setPage}
        empty="No news sources yet. Add an RSS or Atom feed to replace the demo headlines with live ones."
        rowKey={(r) => r.id}
      />
      <SourceDialog source={editing} open={open} onOpenChange={setOpen} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title="Delete this source?"
        description={
          deleting ? `${deleting.name} stops being fetched. Its headlines already stored stay.` : ''
        }
        confirmLabel="Delete"
        destructive
        pending={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Source deleted');
              setDeleting(null);
            },
            onError: (err) => toast.error(apiErrorMessage(err, 'The source could not be deleted.')),
          })
        }
      />
    </div>
  );
}
