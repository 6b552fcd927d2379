import type { ChatAttachment, ChatMessage } from '@openbroker/domain';
import { CheckCheck, Download, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { messageTime } from './days';
import { formatBytes } from './messages';

const downloadHref = (a: ChatAttachment): string => `${a.download_url}?download=1`;

interface BubbleProps {
  message: ChatMessage;
  mine: boolean;
  /** The sender's name above the first message of a run from someone else. */
  showSender: boolean;
}

/**
 * One message (SPEC §2 Message list): its text as text (never HTML), image attachments as
 * thumbnails with a download link, other files as chips, the time, and 'Read' on own read messages.
 */
export function ChatMessageBubble({ message, mine, showSender }: BubbleProps) {
  const { t } = useTranslation('account');
  const images = message.attachments.filter((a) => a.is_image);
  const others = message.attachments.filter((a) => !a.is_image);
  return (
    <div
      data-testid="chat-message"
      data-mine={mine ? 'true' : 'false'}
      data-message-id={message.id}
      className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}
    >
      {showSender ? (
        <span className="px-1 text-muted-foreground text-xs">{message.sender.first_name}</span>
      ) : null}
      <div
        className={cn(
          'flex max-w-[85%] flex-col gap-2 rounded-2xl px-3 py-2 text-sm shadow-xs sm:max-w-[70%]',
          mine
            ? 'rounded-ee-md bg-primary text-primary-foreground'
            : 'rounded-es-md bg-muted text-foreground',
        )}
      >
        {images.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {images.map((a) => (
              <ImageAttachment key={a.id} attachment={a} mine={mine} />
            ))}
          </div>
        ) : null}
        {others.map((a) => (
          <FileAttachment key={a.id} attachment={a} mine={mine} />
        ))}
        {message.message !== '' ? (
          <p className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">{message.message}</p>
        ) : null}
      </div>
      <span className="flex items-center gap-1.5 px-1 text-muted-foreground text-xs">
        <time dateTime={message.created_at}>{messageTime(message.created_at)}</time>
        {mine && message.read_at ? (
          <span data-testid="chat-read-marker" className="flex items-center gap-0.5 text-primary">
            <CheckCheck className="size-3" aria-hidden="true" />
            {t('chat.bubble.read')}
          </span>
        ) : null}
      </span>
    </div>
  );
}

function ImageAttachment({ attachment: a, mine }: { attachment: ChatAttachment; mine: boolean }) {
  const { t } = useTranslation('account');
  return (
    <figure className="flex flex-col gap-1">
      <a href={a.download_url} target="_blank" rel="noopener noreferrer" className="block">
        <img
          data-testid="chat-attachment-image"
          src={a.download_url}
          alt={a.file_name}
          loading="lazy"
          className="max-h-48 min-h-16 min-w-16 max-w-full rounded-lg bg-black/20 object-cover sm:max-w-64"
        />
      </a>
      <a
        href={downloadHref(a)}
        download={a.file_name}
        className={cn(
          'flex items-center gap-1 text-xs underline-offset-2 hover:underline',
          mine ? 'text-primary-foreground' : 'text-muted-foreground',
        )}
      >
        <Download className="size-3" aria-hidden="true" />
        <span className="max-w-48 truncate">{t('chat.bubble.download', { name: a.file_name })}</span>
      </a>
    </figure>
  );
}

function FileAttachment({ attachment: a, mine }: { attachment: ChatAttachment; mine: boolean }) {
  const { t } = useTranslation('account');
  return (
    <a
      href={downloadHref(a)}
      download={a.file_name}
      data-testid="chat-attachment-file"
      aria-label={t('chat.bubble.download', { name: a.file_name })}
      className={cn(
        'flex min-w-0 items-center gap-2 rounded-lg border px-2.5 py-2 transition-colors',
        mine
          ? 'border-white/25 bg-white/10 hover:bg-white/20'
          : 'border-border bg-background/40 hover:bg-accent',
      )}
    >
      <FileText className="size-5 shrink-0" aria-hidden="true" />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium text-xs">{a.file_name}</span>
        <span className={cn('text-xs', mine ? 'text-primary-foreground' : 'text-muted-foreground')}>
          {formatBytes(a.size)}
        </span>
      </span>
      <Download className="ms-auto size-4 shrink-0 opacity-80" aria-hidden="true" />
    </a>
  );
}
