import type { NewsItemOut } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DataTable } from '@/admin/components/DataTable';
import { useTableParams } from '@/admin/components/useTableParams';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { ConfirmDialog } from '../clients/ConfirmDialog';
import { ConfirmRemoveDemo } from './ConfirmRemoveDemo';
import { DemoBadge, utcText } from './fields';
import { NewsDialog } from './NewsDialog';
import { useAdminNews, useDeleteNews, useNewsSourceNames } from './queries';

const FILTERS = ['source'] as const;

/** The News tab: headlines (manual, fetched and demo), filtered by source; manual ones are edited here. */
export function NewsTab() {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const table = useTableParams(FILTERS, '-published_at');
  const page = useAdminNews({ page: table.page, sort: table.sortParam, source: table.filters.source });
  const names = useNewsSourceNames().data ?? [];
  const demo = useAdminNews({ demo: '1', per_page: 1 });
  const demoCount = demo.data?.meta.total ?? 0;
  const del = useDeleteNews();
  const [editing, setEditing] = useState<NewsItemOut | null>(null);
  const [dialog, setDialog] = useState<'edit' | 'demo' | null>(null);
  const [deleting, setDeleting] = useState<NewsItemOut | null>(null);

  const columns = useMemo<ColumnDef<NewsItemOut, unknown>[]>(
    () => [
      {
        id: 'published_at',
        header: t('news.published'),
        cell: ({ row }) => <span className="tabular-nums">{utcText(row.original.published_at)}</span>,
      },
      {
        id: 'title',
        header: t('news.headline'),
        cell: ({ row }) => (
          <div className="min-w-64 max-w-xl whitespace-normal">
            <div className="font-medium">
              {row.original.url ? (
                <a
                  href={row.original.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="hover:underline"
                >
                  {row.original.title}
                  <ExternalLink aria-hidden="true" className="ms-1 inline size-3" />
                  <span className="sr-only"> {t('news.opensNewTab')}</span>
                </a>
              ) : (
                row.original.title
              )}
              {row.original.is_demo ? <DemoBadge /> : null}
            </div>
            <p className="line-clamp-2 text-muted-foreground text-xs">{row.original.summary}</p>
          </div>
        ),
      },
      {
        id: 'source',
        header: t('news.source'),
        cell: ({ row }) => (
          <span>
            {row.original.source}
            {row.original.source_id !== null ? (
              <span className="ms-1 text-muted-foreground text-xs">{t('news.feed')}</span>
            ) : null}
          </span>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('shared.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex gap-1">
            {row.original.source_id === null ? (
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
            ) : null}
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
        <div className="flex min-w-48 flex-col gap-1.5">
          <Label htmlFor={`${id}-source`}>{t('news.source')}</Label>
          <NativeSelect
            id={`${id}-source`}
            value={table.filters.source}
            onChange={(e) => table.setFilter('source', e.target.value)}
          >
            <option value="">{t('news.allSources')}</option>
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-wrap gap-2">
          {demoCount > 0 ? (
            <Button variant="outline" onClick={() => setDialog('demo')}>
              <Trash2 aria-hidden="true" /> {t('news.removeDemo')}
            </Button>
          ) : null}
          <Button
            onClick={() => {
              setEditing(null);
              setDialog('edit');
            }}
          >
            <Plus aria-hidden="true" /> {t('news.add')}
          </Button>
        </div>
      </div>
      <DataTable
        label={t('news.tableLabel')}
        columns={columns}
        rows={page.data?.data}
        meta={page.data?.meta}
        loading={page.isFetching}
        error={page.isError ? t('news.loadFailed') : null}
        onRetry={() => void page.refetch()}
        sort={table.sort}
        onSortChange={table.setSort}
        onPageChange={table.setPage}
        empty={t('news.empty')}
        rowKey={(r) => r.id}
      />
      <NewsDialog
        item={editing}
        open={dialog === 'edit'}
        onOpenChange={(o) => setDialog(o ? 'edit' : null)}
      />
      <ConfirmRemoveDemo
        kind="news"
        count={demoCount}
        open={dialog === 'demo'}
        onOpenChange={(o) => setDialog(o ? 'demo' : null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title={t('news.deleteTitle')}
        description={deleting?.title ?? ''}
        confirmLabel={t('shared.delete')}
        destructive
        pending={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('news.deleted'));
              setDeleting(null);
            },
            onError: (err) => toast.error(apiErrorMessage(err, t('news.deleteFailed'))),
          })
        }
      />
    </div>
  );
}
