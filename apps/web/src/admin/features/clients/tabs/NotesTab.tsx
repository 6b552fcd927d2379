import { type ClientNote, clientNoteInputSchema } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { Label } from '@/components/ui/Label';
import { localizeMessage } from '@/lib/validationMessage';
import { useSessionStore } from '@/stores/sessionStore';
import { TextArea } from '../../approvals/TextArea';
import { ConfirmDialog } from '../ConfirmDialog';
import { formatWhen } from '../format';
import { useClientNotes, useNoteMutations } from '../queries';

/** A note's text box with its own validation (the domain's rule), for adding and editing. */
function NoteForm(props: {
  label: string;
  initial?: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: string, reset: () => void) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const [body, setBody] = useState(props.initial ?? '');
  const [error, setError] = useState<string | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = clientNoteInputSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('validation.writeNote'));
      return;
    }
    setError(null);
    props.onSubmit(parsed.data.body, () => setBody(''));
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <Label htmlFor={`${id}-body`}>{props.label}</Label>
      <TextArea
        id={`${id}-body`}
        value={body}
        maxLength={5000}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-xs">
          {localizeMessage(error)}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={props.pending}>
          {props.submitLabel}
        </Button>
        {props.onCancel ? (
          <Button size="sm" variant="ghost" onClick={props.onCancel}>
            {t('shared.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Staff-only notes on the client: kept apart from the audit trail; authors edit their own. */
export function NotesTab({ clientId }: { clientId: number }) {
  const { t } = useTranslation('adminClients');
  const [page, setPage] = useState(1);
  const notes = useClientNotes(clientId, page);
  const m = useNoteMutations(clientId);
  const me = useSessionStore((s) => s.user?.id);
  const canManage = useCan('clients.manage');
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ClientNote | null>(null);
  const fail = (fallback: string) => (e: unknown) => toast.error(apiErrorMessage(e, fallback));
  const meta = notes.data?.meta;

  return (
    <div className="flex flex-col gap-4">
      <NoteForm
        label={t('notes.newNote')}
        submitLabel={t('notes.add')}
        pending={m.add.isPending}
        onSubmit={(body, reset) =>
          m.add.mutate(body, { onSuccess: reset, onError: fail(t('notes.saveFailed')) })
        }
      />
      {notes.error ? (
        <p role="alert" className="text-destructive text-sm">
          {apiErrorMessage(notes.error, t('notes.loadFailed'))}
        </p>
      ) : null}
      {notes.data && notes.data.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('notes.none')}</p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {notes.data?.data.map((n) => (
          <li key={n.id} className="flex flex-col gap-2 rounded-md border p-3">
            <div className="flex flex-wrap items-center justify-between gap-2 text-muted-foreground text-xs">
              <span>
                {n.author.name} · {formatWhen(n.created_at)}
                {n.updated_at !== n.created_at
                  ? ` · ${t('notes.edited', { when: formatWhen(n.updated_at) })}`
                  : ''}
              </span>
              <span className="flex gap-1">
                {n.author.id === me && editing !== n.id ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setEditing(n.id)}
                    aria-label={t('notes.editNote')}
                  >
                    {t('notes.edit')}
                  </Button>
                ) : null}
                {n.author.id === me || canManage ? (
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(n)}>
                    {t('shared.delete')}
                  </Button>
                ) : null}
              </span>
            </div>
            {editing === n.id ? (
              <NoteForm
                label={t('notes.editNote')}
                initial={n.body}
                submitLabel={t('shared.save')}
                pending={m.edit.isPending}
                onCancel={() => setEditing(null)}
                onSubmit={(body) =>
                  m.edit.mutate(
                    { id: n.id, body },
                    {
                      onSuccess: () => setEditing(null),
                      onError: fail(t('notes.saveFailed')),
                    },
                  )
                }
              />
            ) : (
              <p className="whitespace-pre-wrap break-words text-sm">{n.body}</p>
            )}
          </li>
        ))}
      </ul>
      {meta && meta.last_page > 1 ? (
        <nav aria-label={t('notes.pages')} className="flex items-center gap-2 text-muted-foreground text-sm">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('shared.newer')}
          </Button>
          <span>{t('shared.pageOf', { current: meta.current_page, last: meta.last_page })}</span>
          <Button
            size="sm"
            variant="outline"
            disabled={page >= meta.last_page}
            onClick={() => setPage(page + 1)}
          >
            {t('shared.older')}
          </Button>
        </nav>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title={t('notes.deleteTitle')}
        description={t('notes.deleteText')}
        confirmLabel={t('shared.delete')}
        destructive
        pending={m.remove.isPending}
        onConfirm={() =>
          deleting &&
          m.remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: fail(t('notes.deleteFailed')),
          })
        }
      />
    </div>
  );
}
