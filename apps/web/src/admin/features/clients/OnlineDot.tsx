import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** A green dot for online, grey for offline, with the word for screen readers. */
export function OnlineDot({ online, withLabel = false }: { online: boolean; withLabel?: boolean }) {
  const { t } = useTranslation('adminClients');
  return (
    <span className="inline-flex items-center gap-1.5 text-muted-foreground text-xs">
      <span
        aria-hidden="true"
        className={cn('inline-block size-2 rounded-full', online ? 'bg-success' : 'bg-muted-foreground')}
      />
      <span className={withLabel ? undefined : 'sr-only'}>
        {online ? t('online.online') : t('online.offline')}
      </span>
    </span>
  );
}
