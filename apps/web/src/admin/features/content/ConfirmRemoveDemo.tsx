import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { ConfirmDialog } from '../clients/ConfirmDialog';
import { useRemoveDemo } from './queries';

/** "Remove demo content": asks first, then deletes every seeded sample of one kind (audited). */
export function ConfirmRemoveDemo(props: {
  kind: 'calendar' | 'news';
  count: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('adminClients');
  const remove = useRemoveDemo();
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t('demo.title')}
      description={
        props.kind === 'calendar'
          ? t('demo.calendar', { count: props.count })
          : t('demo.news', { count: props.count })
      }
      confirmLabel={t('demo.confirm')}
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(props.kind, {
          onSuccess: (n) => {
            toast.success(
              props.kind === 'calendar'
                ? t('demo.removedCalendar', { count: n })
                : t('demo.removedNews', { count: n }),
            );
            props.onOpenChange(false);
          },
          onError: (err) => toast.error(apiErrorMessage(err, t('demo.failed'))),
        })
      }
    />
  );
}
