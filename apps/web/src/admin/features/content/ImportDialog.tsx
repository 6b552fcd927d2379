import { CALENDAR_IMPORT_MAX_BYTES, type CalendarImportResult } from '@openbroker/domain';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/Dialog';
import { cn } from '@/lib/utils';
import { Field, importanceKey, utcText } from './fields';
import { useImportCalendar } from './queries';

const COLUMNS = [
  'row',
  'status',
  'time',
  'country',
  'currency',
  'title',
  'importance',
  'figures',
  'problems',
] as const;

/**
 * Calendar import in two steps: the file is first checked on the server (a dry run: every row with
 * what it gives or why not), then imported; only the rows marked Ready are added.
 */
export function ImportDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const importer = useImportCalendar();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CalendarImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function close(open: boolean) {
    props.onOpenChange(open);
    if (!open) {
      setFile(null);
      setPreview(null);
      setFailure(null);
    }
  }

  async function send(dryRun: boolean) {
    if (!file) return;
    setFailure(null);
    try {
      const result = await importer.mutateAsync({ file, dryRun });
      if (dryRun) setPreview(result);
      else {
        toast.success(t('importer.imported', { count: result.imported }));
        close(false);
      }
    } catch (err) {
      setPreview(null);
      setFailure(apiFieldErrors(err).file?.[0] ?? apiErrorMessage(err, t('importer.unreadable')));
    }
  }

  function pick(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null;
    setPreview(null);
    setFailure(chosen && chosen.size > CALENDAR_IMPORT_MAX_BYTES ? t('importer.tooLarge') : null);
    setFile(chosen && chosen.size <= CALENDAR_IMPORT_MAX_BYTES ? chosen : null);
  }

  const errors = preview?.rows.filter((r) => r.status === 'error').length ?? 0;
  const duplicates = preview?.rows.filter((r) => r.status === 'duplicate').length ?? 0;

  return (
    <Dialog open={props.open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto grid-cols-1 sm:max-w-5xl [&>*]:min-w-0">
        <DialogHeader>
          <DialogTitle>{t('importer.title')}</DialogTitle>
          <DialogDescription>{t('importer.help')}</DialogDescription>
        </DialogHeader>
        <Field id={`${id}-file`} label={t('importer.file')}>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.ics,text/csv,text/calendar"
            onChange={pick}
            className="text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-transparent file:px-3 file:py-1.5 file:text-foreground"
          />
        </Field>
        {failure ? <Alert variant="destructive" title={failure} /> : null}
        {preview ? (
          <div className="flex min-w-0 flex-col gap-2">
            <p role="status" className="text-sm">
              {t('importer.rows', { count: preview.total, format: preview.format.toUpperCase() })}
              <strong>{t('importer.ready', { count: preview.valid })}</strong>
              {errors > 0 ? t('importer.withErrors', { count: errors }) : ''}
              {duplicates > 0 ? t('importer.duplicates', { count: duplicates }) : ''}
              {t('importer.end')}
            </p>
            <section
              aria-label={t('importer.previewLabel')}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
              tabIndex={0}
              className="max-h-80 overflow-auto rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <table className="w-full text-sm" aria-label={t('importer.previewLabel')}>
                <thead className="sticky top-0 bg-muted text-start text-muted-foreground text-xs uppercase">
                  <tr>
                    {COLUMNS.map((c) => (
                      <th
                        key={c}
                        scope="col"
                        className="whitespace-nowrap px-2 py-1.5 text-start font-medium"
                      >
                        {t(`importer.columns.${c}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((r) => (
                    <tr key={r.row} className="border-t align-top">
                      <td className="px-2 py-1.5 tabular-nums">{r.row}</td>
                      <td
                        className={cn(
                          'px-2 py-1.5 font-medium',
                          r.status === 'ok'
                            ? 'text-success'
                            : r.status === 'error'
                              ? 'text-destructive'
                              : 'text-warning',
                        )}
                      >
                        {t(`importer.status.${r.status}`)}
                      </td>
                      <td className="whitespace-nowrap px-2 py-1.5 tabular-nums">
                        {r.event ? utcText(r.event.time) : '—'}
                      </td>
                      <td className="px-2 py-1.5">{r.event?.country ?? '—'}</td>
                      <td className="px-2 py-1.5">{r.event?.currency ?? '—'}</td>
                      <td className="px-2 py-1.5">{r.event?.title ?? '—'}</td>
                      <td className="px-2 py-1.5">
                        {r.event ? t(`content.importance.${importanceKey(r.event.importance)}`) : '—'}
                      </td>
                      <td className="whitespace-nowrap px-2 py-1.5 text-xs">
                        {r.event
                          ? [r.event.actual, r.event.forecast, r.event.previous]
                              .map((v) => v ?? '—')
                              .join(' / ')
                          : '—'}
                      </td>
                      <td className="min-w-56 px-2 py-1.5 text-destructive text-xs">{r.errors.join('; ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {t('shared.cancel')}
          </Button>
          <Button variant="outline" disabled={!file || importer.isPending} onClick={() => void send(true)}>
            {t('importer.check')}
          </Button>
          <Button
            disabled={!preview || preview.valid === 0 || importer.isPending}
            onClick={() => void send(false)}
          >
            {preview ? t('importer.importCount', { count: preview.valid }) : t('importer.import')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
