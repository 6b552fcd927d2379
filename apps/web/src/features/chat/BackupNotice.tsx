import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useUsingBackup } from './useBackupSync';

/** SPEC §2: shown while the chat polls because the realtime link is down. */
export function BackupNotice({ className }: { className?: string }) {
  const { t } = useTranslation('account');
  const usingBackup = useUsingBackup();
  if (!usingBackup) return null;
  return (
    <div
      role="status"
      data-testid="chat-backup-notice"
      className={cn(
        'flex items-center gap-2 border-warning/30 border-b bg-warning/10 px-4 py-2 text-warning text-xs',
        className,
      )}
    >
      <WifiOff className="size-3.5 shrink-0" aria-hidden="true" />
      <span>{t('chat.backupNotice')}</span>
    </div>
  );
}
