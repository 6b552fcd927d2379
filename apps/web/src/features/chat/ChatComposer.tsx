import { CHAT_ACCEPT, CHAT_MAX_ATTACHMENTS, CHAT_MESSAGE_MAX_LENGTH } from '@openbroker/domain';
import { Paperclip, SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadChatFile } from '@/api/chat';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/utils';
import { PendingAttachmentChip } from './PendingAttachmentChip';
import { CHAT_TEXT, checkSend } from './sendRules';
import type { SendInput } from './useConversation';
import { type Upload, usePendingAttachments } from './usePendingAttachments';

export interface ChatComposerProps {
  /** The realtime link is up (SPEC §5: sending needs it). */
  connected: boolean;
  signedIn: boolean;
  onSend: (input: SendInput) => Promise<unknown>;
  upload?: Upload;
  className?: string;
}

interface ComposerError {
  title: string;
  detail: string | null;
}

const MAX_HEIGHT_PX = 160;

/**
 * SPEC §2 Composer: a textarea (Enter sends, Shift+Enter is a new line), an attach button whose
 * picker takes images, pdf, Word and Excel files (the first file of each pick), uploads with a
 * progress bar and removable chips, and a send button.
 */
export function ChatComposer({
  connected,
  signedIn,
  onSend,
  upload = uploadChatFile,
  className,
}: ChatComposerProps) {
  const { t } = useTranslation('account');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<ComposerError | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const files = usePendingAttachments(upload, (detail) =>
    setError({ title: CHAT_TEXT.uploadFailed, detail }),
  );
  const attached = files.items.filter((f) => f.status !== 'error');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text.
  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    if (el.scrollHeight > 0) el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  async function submit() {
    if (sending) return;
    const check = checkSend({ text, files: attached.length, signedIn, connected });
    if (check.kind === 'refuse') setError({ title: check.message, detail: null });
    if (check.kind !== 'send') return;
    setSending(true);
    setError(null);
    try {
      // A file still uploading goes with the message: the send waits for it.
      const waitedFor = new Set(attached.map((f) => f.key));
      const settled = (await files.whenSettled()).filter((f) => waitedFor.has(f.key));
      // One failed (its error is shown): keep everything so the customer can decide.
      if (settled.some((f) => f.status === 'error')) return;
      const urls = settled.flatMap((f) => (f.status === 'done' && f.url ? [f.url] : []));
      if (text.trim() === '' && urls.length === 0) return;
      await onSend({ message: text.trim(), attachments: urls });
      setText('');
      files.clear();
    } catch (e) {
      setError({ title: CHAT_TEXT.sendFailed, detail: apiErrorMessage(e, '') || null });
    } finally {
      setSending(false);
      textarea.current?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  return (
    <div className={cn('flex flex-col gap-2 border-t bg-card px-3 py-3 sm:px-4', className)}>
      {files.items.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('chat.composer.attachments')}>
          {files.items.map((item) => (
            <PendingAttachmentChip key={item.key} item={item} onRemove={() => files.remove(item.key)} />
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" data-testid="chat-composer-error" className="text-destructive text-xs">
          <span className="font-medium">{error.title}</span>
          {error.detail ? ` ${error.detail}` : null}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <input
          ref={picker}
          type="file"
          accept={CHAT_ACCEPT}
          data-testid="chat-attach-input"
          className="hidden"
          tabIndex={-1}
          onChange={(event) => {
            // SPEC §5: only the first chosen file is added per pick.
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) {
              setError(null);
              files.add(file);
            }
          }}
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('chat.composer.attach')}
          title={t('chat.composer.attachHint')}
          disabled={!connected || files.items.length >= CHAT_MAX_ATTACHMENTS}
          onClick={() => picker.current?.click()}
        >
          <Paperclip aria-hidden="true" />
        </Button>
        <textarea
          ref={textarea}
          rows={1}
          value={text}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          aria-label={t('chat.composer.message')}
          data-testid="chat-composer-input"
          placeholder={connected ? CHAT_TEXT.placeholder : CHAT_TEXT.placeholderDisabled}
          disabled={!connected}
          readOnly={sending}
          onChange={(event) => {
            setText(event.target.value);
            if (error && error.title !== CHAT_TEXT.uploadFailed) setError(null);
          }}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-9 flex-1 resize-none rounded-md border border-input bg-background/60 px-3 py-2 text-sm leading-5 outline-none transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60"
        />
        <Button
          size="icon"
          aria-label={t('chat.composer.send')}
          data-testid="chat-send"
          disabled={sending}
          onClick={() => void submit()}
        >
          {sending ? (
            <Spinner aria-label={t('chat.composer.sending')} />
          ) : (
            <SendHorizontal aria-hidden="true" className="rtl:-scale-x-100" />
          )}
        </Button>
      </div>
    </div>
  );
}
