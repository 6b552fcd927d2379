import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/Label';
import { localizeMessage } from '@/lib/validationMessage';

/** A labelled form field with its error below, tied to the input by id (WCAG: label, described-by). */
export function Field(props: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children}
      {props.hint && !props.error ? <p className="text-muted-foreground text-xs">{props.hint}</p> : null}
      {props.error ? (
        <p id={`${props.id}-error`} className="text-destructive text-xs">
          {localizeMessage(props.error)}
        </p>
      ) : null}
    </div>
  );
}

/** The props that mark an input invalid and point at its message. */
export function invalid(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}

/** First message per field of a 422 answer. */
export function firstErrors(errors: Record<string, string[]>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0]]));
}

/** An ISO instant as a `datetime-local` value in UTC ('2026-01-05T13:30'). */
export function toUtcInput(iso: string | undefined): string {
  return iso ? new Date(iso).toISOString().slice(0, 16) : '';
}

/** A `datetime-local` value read as UTC, as the API's ISO instant; '' stays '' (the server says it is required). */
export function fromUtcInput(value: string): string {
  return value ? `${value.length === 16 ? `${value}:00` : value}Z` : '';
}

/** '2026-01-05 13:30 UTC'. */
export function utcText(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** Seeded sample content, as staff see it in the lists. */
export function DemoBadge() {
  const { t } = useTranslation('adminClients');
  return (
    <span className="ms-2 shrink-0 rounded border border-warning/40 px-1 align-middle font-medium text-warning text-xs">
      {t('content.demo')}
    </span>
  );
}

/** An event's importance (-1, 0, 1) as its catalogue key under `content.importance`. */
export function importanceKey(importance: number): 'low' | 'medium' | 'high' {
  return importance < 0 ? 'low' : importance > 0 ? 'high' : 'medium';
}
