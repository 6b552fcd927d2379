import { CircleAlert, FileText, ImageIcon, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@/i18n/format';
import { cn } from '@/lib/utils';
import { formatBytes } from './messages';
import { CHAT_TEXT } from './sendRules';
import type { PendingAttachment } from './usePendingAttachments';

/** A picked file waiting to go with the next message: uploading with its progress, ready, or failed. */
export function PendingAttachmentChip({ item, onRemove }: { item: PendingAttachment; onRemove: () => void }) {
  const { t } = useTranslation('account');
  const Icon = item.status === 'error' ? CircleAlert : item.isImage ? ImageIcon : FileText;
  return (
    <li
      data-testid="chat-pending-attachment"
      data-status={item.status}
      title={item.status === 'error' ? `${CHAT_TEXT.uploadFailed} ${item.error ?? ''}`.trim() : item.name}
      className={cn(
        'relative flex max-w-60 items-center gap-2 overflow-hidden rounded-md border bg-muted py-1.5 pe-1 ps-2 text-xs',
        item.status === 'error' && 'border-destructive/50 bg-destructive/10',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'size-4 shrink-0',
          item.status === 'error' ? 'text-destructive' : 'text-muted-foreground',
        )}
      />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium">{item.name}</span>
        <span className="text-muted-foreground text-xs">
          {item.status === 'uploading'
            ? t('chat.chip.uploading', { percent: formatPercent(item.progress, 0) })
            : item.status === 'error'
              ? t('chat.chip.failed')
              : formatBytes(item.size)}
        </span>
      </span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('chat.chip.remove', { name: item.name })}
        className="ms-auto rounded-sm p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/50"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
      {item.status === 'uploading' ? (
        <div
          role="progressbar"
          aria-label={t('chat.chip.progress', { name: item.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={item.progress}
          className="absolute inset-x-0 bottom-0 h-0.5 bg-border"
        >
          <div
            className="h-full bg-primary motion-safe:transition-[width]"
            style={{ width: `${item.progress}%` }}
          />
        </div>
      ) : null}
    </li>
  );
}
