import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { ConfirmDialog } from '../clients/ConfirmDialog';
import { useRemoveDemo } from './queries';

const WHAT = { calendar: 'demo calendar events', news: 'demo headlines' } as const;

/** "Remove demo content": asks first, then deletes every seeded sample of one kind (audited). */
export function ConfirmRemoveDemo(props: {
  kind: 'calendar' | 'news';
  count: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useRemoveDemo();
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Remove demo content?"
      description={`All ${props.count} ${WHAT[props.kind]} will be deleted, and customers stop seeing the "Demo content" note once both the calendar and the news have no demo items. Items you added or imported stay.`}
      confirmLabel="Remove demo content"
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(props.kind, {
          onSuccess: (n) => {
            toast.success(`${n} demo ${props.kind === 'calendar' ? 'events' : 'headlines'} removed`);
            props.onOpenChange(false);
          },
          onError: (err) => toast.error(apiErrorMessage(err, 'The demo content could not be removed.')),
        })
      }
    />
  );
}
