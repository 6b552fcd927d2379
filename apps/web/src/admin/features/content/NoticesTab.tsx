import { NOTIFICATION_COLORS, type NotificationColor } from '@openbroker/domain';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Input } from '@/components/ui/Input';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { TOAST_VARIANT } from '@/features/notifications/cache';
import { formatDateTime } from '@/i18n/format';
import { cn } from '@/lib/utils';
import { TextArea } from '../approvals/TextArea';
import { Field, firstErrors, invalid } from './fields';
import { useSendNotice } from './queries';

export interface SentNotice {
  id: string;
  title: string;
  message: string;
  color: NotificationColor;
  at: string;
}

const COLOR_BORDER: Record<NotificationColor, string> = {
  other: 'border-s-sky-500',
  success: 'border-s-emerald-500',
  warning: 'border-s-amber-500',
  danger: 'border-s-red-500',
};

/**
 * Site-wide notices: shown at once as the global toast to everyone online, not stored (the audit
 * keeps each as `notice.send`). The list holds what was sent from this page in this session.
 */
export function NoticesTab(props: { sent: SentNotice[]; onSent: (n: SentNotice) => void }) {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const send = useSendNotice();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [color, setColor] = useState<NotificationColor>('other');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFailure(null);
    try {
      const { id: noticeId } = await send.mutateAsync({ title, message, color });
      props.onSent({
        id: noticeId,
        title: title.trim(),
        message: message.trim(),
        color,
        at: new Date().toISOString(),
      });
      toast.success(t('notices.sent'));
      setTitle('');
      setMessage('');
    } catch (err) {
      setErrors(firstErrors(apiFieldErrors(err)));
      setFailure(apiErrorMessage(err, t('notices.failed')));
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        {failure && Object.keys(errors).length === 0 ? <Alert variant="destructive" title={failure} /> : null}
        <Field id={`${id}-title`} label={t('notices.title')} error={errors.title}>
          <Input
            id={`${id}-title`}
            value={title}
            maxLength={120}
            onChange={(e) => setTitle(e.target.value)}
            {...invalid(`${id}-title`, errors.title)}
          />
        </Field>
        <Field id={`${id}-message`} label={t('notices.message')} error={errors.message}>
          <TextArea
            id={`${id}-message`}
            value={message}
            maxLength={1000}
            rows={4}
            onChange={(e) => setMessage(e.target.value)}
            {...invalid(`${id}-message`, errors.message)}
          />
        </Field>
        <Field id={`${id}-color`} label={t('notices.color')} error={errors.color}>
          <NativeSelect
            id={`${id}-color`}
            value={color}
            onChange={(e) => setColor(NOTIFICATION_COLORS.find((c) => c === e.target.value) ?? 'other')}
          >
            {NOTIFICATION_COLORS.map((c) => (
              <option key={c} value={c}>
                {t(`notices.colors.${c}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={!title.trim()}
            onClick={() =>
              toast[TOAST_VARIANT[color]](title.trim(), {
                description: message.trim() || undefined,
                position: 'top-right',
              })
            }
          >
            {t('notices.tryToast')}
          </Button>
          <Button type="submit" disabled={send.isPending}>
            <Send aria-hidden="true" /> {t('notices.send')}
          </Button>
        </div>
      </form>
      <div className="flex flex-col gap-4">
        <section aria-labelledby={`${id}-preview`} className="flex flex-col gap-2">
          <h2 id={`${id}-preview`} className="font-medium text-sm">
            {t('notices.preview')}
          </h2>
          <div
            data-testid="notice-preview"
            className={cn('rounded-md border border-s-4 bg-popover p-3 text-sm shadow', COLOR_BORDER[color])}
          >
            <div className="font-medium">{title.trim() || t('notices.title')}</div>
            <p className="whitespace-pre-wrap break-words text-muted-foreground">
              {message.trim() || t('notices.message')}
            </p>
          </div>
        </section>
        <Card>
          <CardHeader>
            <CardTitle>{t('notices.sentTitle')}</CardTitle>
          </CardHeader>
          <CardContent>
            {props.sent.length === 0 ? (
              <p className="text-muted-foreground text-sm">{t('notices.nothingSent')}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {props.sent.map((n) => (
                  <li
                    key={n.id}
                    className={cn('rounded border border-s-4 p-2 text-sm', COLOR_BORDER[n.color])}
                  >
                    <div className="flex justify-between gap-2">
                      <span className="font-medium">{n.title}</span>
                      <time dateTime={n.at} className="shrink-0 text-muted-foreground text-xs tabular-nums">
                        {formatDateTime(n.at, { timeStyle: 'medium' })}
                      </time>
                    </div>
                    <p className="whitespace-pre-wrap break-words text-muted-foreground">{n.message}</p>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
