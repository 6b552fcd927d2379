import { CHAT_MAX_ATTACHMENTS, CHAT_UPLOAD_MAX_BYTES } from '@openbroker/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChatUploadError, type uploadChatFile } from '@/api/chat';
import { i18n } from '@/i18n/i18n';

/** SPEC §3 "Upload item": selected, uploading (progress percent), error, removed. */
export interface PendingAttachment {
  key: string;
  name: string;
  size: number;
  isImage: boolean;
  status: 'uploading' | 'done' | 'error';
  progress: number;
  /** The url `POST /chat/upload` answered, sent with the message. */
  url: string | null;
  /** The server's reason (or ours) when the upload failed. */
  error: string | null;
}

export type Upload = typeof uploadChatFile;

export const tooLarge = (): string => i18n.t('account:chat.tooLarge');
export const tooMany = (): string => i18n.t('account:chat.tooMany', { max: CHAT_MAX_ATTACHMENTS });

let counter = 0;

const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

interface Running {
  controller: AbortController;
  /** Settles (never rejects) once the item's state has been updated. */
  done: Promise<void>;
}

/**
 * The files picked for the next message, each uploading as soon as it is picked. `onError` gets
 * the server's reason (null when it gave none) for SPEC §8's 'Failed to upload file.'. The list
 * lives in a ref as well as in state, so a send waiting on uploads reads their outcome at once.
 */
export function usePendingAttachments(upload: Upload, onError: (detail: string | null) => void) {
  const [items, setItems] = useState<PendingAttachment[]>([]);
  const current = useRef<PendingAttachment[]>([]);
  const running = useRef(new Map<string, Running>());
  const latestOnError = useRef(onError);
  latestOnError.current = onError;

  const commit = useCallback((next: PendingAttachment[]) => {
    current.current = next;
    setItems(next);
  }, []);
  const update = useCallback(
    (key: string, patch: Partial<PendingAttachment>) =>
      commit(current.current.map((item) => (item.key === key ? { ...item, ...patch } : item))),
    [commit],
  );

  const add = useCallback(
    (file: File) => {
      const key = `pending-${++counter}`;
      const item: PendingAttachment = {
        key,
        name: file.name,
        size: file.size,
        isImage: file.type.startsWith('image/'),
        status: 'uploading',
        progress: 0,
        url: null,
        error: null,
      };
      if (current.current.length >= CHAT_MAX_ATTACHMENTS) {
        latestOnError.current(tooMany());
        return;
      }
      // Checked here too so a 50 MB file is not sent only to be refused; the server decides anyway.
      if (file.size > CHAT_UPLOAD_MAX_BYTES) {
        const message = tooLarge();
        commit([...current.current, { ...item, status: 'error', error: message }]);
        latestOnError.current(message);
        return;
      }
      commit([...current.current, item]);
      const controller = new AbortController();
      const done = upload(file, {
        signal: controller.signal,
        onProgress: (progress) => update(key, { progress }),
      })
        .then((answer) => update(key, { status: 'done', progress: 100, url: answer.url }))
        .catch((error: unknown) => {
          if (isAbort(error)) return;
          const detail = error instanceof ChatUploadError ? error.serverMessage : null;
          update(key, { status: 'error', error: detail });
          latestOnError.current(detail);
        })
        .finally(() => running.current.delete(key));
      running.current.set(key, { controller, done });
    },
    [commit, update, upload],
  );

  const remove = useCallback(
    (key: string) => {
      running.current.get(key)?.controller.abort();
      commit(current.current.filter((item) => item.key !== key));
    },
    [commit],
  );

  const clear = useCallback(() => {
    for (const r of running.current.values()) r.controller.abort();
    commit([]);
  }, [commit]);

  /** Waits for every upload under way, then gives the list as it is. */
  const whenSettled = useCallback(async (): Promise<PendingAttachment[]> => {
    await Promise.all([...running.current.values()].map((r) => r.done));
    return current.current;
  }, []);

  useEffect(() => {
    const uploads = running.current;
    return () => {
      for (const r of uploads.values()) r.controller.abort();
    };
  }, []);

  return { items, add, remove, clear, whenSettled };
}
