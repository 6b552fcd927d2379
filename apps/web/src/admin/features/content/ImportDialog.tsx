import { CALENDAR_IMPORT_MAX_BYTES, type CalendarImportResult } from '@openbroker/domain';
import { type ChangeEvent, useId, useState } from 'react';
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
import { Field, IMPORTANCE_LABELS, utcText } from './fields';
import { useImportCalendar } from './queries';

export const CSV_HELP =
  'CSV columns (header row): datetime (ISO, e.g. 2026-01-05T13:30:00Z) or date + time [+ zone]; country (2 letters); currency; title; importance (-1/0/1 or low/medium/high); actual; forecast; previous. Or an iCalendar .ics file (DTSTART, SUMMARY, DESCRIPTION). At most 1 MB.';

const STATUS_TEXT = { ok: 'Ready', error: 'Error', duplicate: 'Duplicate' } as const;

/**
 * Calendar import in two steps: the file is first checked on the server (a dry run: every row with
 * what it gives or why not), then imported; only the rows marked Ready are added.
 */
export function ImportDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
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
        toast.success(`${result.imported} ${result.imported === 1 ? 'event' : 'events'} imported`);
        close(false);
      }
    } catch (err) {
      setPreview(null);
      setFailure(apiFieldErrors(err).file?.[0] ?? apiErrorMessage(err, 'The file could not be read.'));
    }
  }

  function pick(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null;
    setPreview(null);
    setFailure(chosen && chosen.size > CALENDAR_IMPORT_MAX_BYTES ? 'The file can be at most 1 MB.' : null);
    setFile(chosen && chosen.size <= CALENDAR_IMPORT_MAX_BYTES ? chosen : null);
  }

  const errors = preview?.rows.filter((r) => r.status === 'error').length ?? 0;
  const duplicates = preview?.rows.filter((r) => r.status === 'duplicate').length ?? 0;

  return (
    <Dialog open={props.open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto grid-cols-1 sm:max-w-5xl [&>*]:min-w-0">
        <DialogHeader>
          <DialogTitle>Import calendar events</DialogTitle>
          <DialogDescription>{CSV_HELP}</DialogDescription>
        </DialogHeader>
        <Field id={`${id}-file`} label="CSV or iCalendar file">
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.ics,text/csv,text/calendar"
            onChange={pick}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-transparent file:px-3 file:py-1.5 file:text-foreground"
          />
        </Field>
        {failure ? <Alert variant="destructive" title={failure} /> : null}
        {preview ? (
          <div className="flex min-w-0 flex-col gap-2">
            <p role="status" className="text-sm">
              {preview.total} {preview.total === 1 ? 'row' : 'rows'} in this {preview.format.toUpperCase()}{' '}
              file: <strong>{preview.valid} ready to import</strong>
              {errors > 0 ? `, ${errors} with errors` : ''}
              {duplicates > 0 ? `, ${duplicates} already in the calendar` : ''}.
            </p>
            <div className="max-h-80 overflow-auto rounded-md border">
              <table className="w-full text-sm" aria-label="Import preview">
                <thead className="sticky top-0 bg-muted text-left text-muted-foreground text-xs uppercase">
                  <tr>
                    {[
                      'Row',
                      'Status',
                      'Time',
                      'Country',
                      'Currency',
                      'Title',
                      'Importance',
                      'Figures',
                      'Problems',
                    ].map((h) => (
                      <th key={h} scope="col" className="whitespace-nowrap px-2 py-1.5 font-medium">
                        {h}
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
                        {STATUS_TEXT[r.status]}
                      </td>
                      <td className="whitespace-nowrap px-2 py-1.5 tabular-nums">
                        {r.event ? utcText(r.event.time) : '—'}
                      </td>
                      <td className="px-2 py-1.5">{r.event?.country ?? '—'}</td>
                      <td className="px-2 py-1.5">{r.event?.currency ?? '—'}</td>
                      <td className="px-2 py-1.5">{r.event?.title ?? '—'}</td>
                      <td className="px-2 py-1.5">{r.event ? IMPORTANCE_LABELS[r.event.importance] : '—'}</td>
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
            </div>
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button variant="outline" disabled={!file || importer.isPending} onClick={() => void send(true)}>
            Check file
          </Button>
          <Button
            disabled={!preview || preview.valid === 0 || importer.isPending}
            onClick={() => void send(false)}
          >
            {preview ? `Import ${preview.valid} ${preview.valid === 1 ? 'event' : 'events'}` : 'Import'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
