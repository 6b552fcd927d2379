import {
  type ChatMessage,
  type ChatPage,
  type ChatSendRequest,
  type ChatUploadResponse,
  type ChatUser,
  chatMessageSchema,
  chatPageSchema,
  chatReadResponseSchema,
  chatUnreadSchema,
  chatUploadResponseSchema,
  chatUsersResponseSchema,
} from '@openbroker/domain';
import { type AxiosAdapter, isAxiosError, isCancel } from 'axios';
import { z } from 'zod';
import { api } from './client';

/** SPEC §8: a message list that is not `{ data, next_page_url }` of messages. */
export const INVALID_RESPONSE = 'Invalid response from server';

/** The chat's query keys; `messages(null)` is the signed-in customer's own conversation. */
export const chatKeys = {
  all: ['chat'] as const,
  messages: (customerId: number | null) => ['chat', 'messages', customerId ?? 'own'] as const,
  unreadCount: ['chat', 'unread-count'] as const,
  users: ['chat', 'users'] as const,
};

/** The malformed-answer failure (SPEC §8), told apart from the call's own failure. */
export class InvalidChatResponseError extends Error {
  constructor() {
    super(INVALID_RESPONSE);
    this.name = 'InvalidChatResponseError';
  }
}

export interface ChatMessagesQuery {
  page?: number;
  /** Staff only: whose conversation (a customer always reads their own). */
  customerId?: number | undefined;
  /** Polling: messages created at or after this ISO time (or epoch ms). */
  after?: string | undefined;
}

/** SPEC §7 `GET /chat/messages?page={n}[&customer_id={id}][&after={timestamp}]`. */
export async function getChatMessages(query: ChatMessagesQuery = {}): Promise<ChatPage> {
  const params: Record<string, string | number> = { page: query.page ?? 1 };
  if (query.customerId !== undefined) params.customer_id = query.customerId;
  if (query.after !== undefined) params.after = query.after;
  const response = await api.get<unknown>('/chat/messages', { params });
  const parsed = chatPageSchema.safeParse(response.data);
  if (!parsed.success) throw new InvalidChatResponseError();
  return parsed.data;
}

/** SPEC §7 `POST /chat/messages`: the stored message. */
export async function sendChatMessage(request: ChatSendRequest): Promise<ChatMessage> {
  const response = await api.post<unknown>('/chat/messages', request);
  return z.object({ data: chatMessageSchema }).parse(response.data).data;
}

/** `POST /chat/read`: the other side's messages in the conversation are read; returns their ids. */
export async function markChatRead(customerId?: number): Promise<number[]> {
  const response = await api.post<unknown>(
    '/chat/read',
    customerId === undefined ? {} : { customer_id: customerId },
  );
  return chatReadResponseSchema.parse(response.data).data.message_ids;
}

/** SPEC §7 `GET /chat/unread-count`. */
export async function getChatUnreadCount(): Promise<number> {
  const response = await api.get<unknown>('/chat/unread-count');
  return chatUnreadSchema.parse(response.data).unread_count;
}

/** SPEC §7 `GET /admin/users` (staff): the Admin Chat list. */
export async function getChatUsers(): Promise<ChatUser[]> {
  const response = await api.get<unknown>('/admin/users');
  return chatUsersResponseSchema.parse(response.data).data;
}

/** A refused or failed upload; `serverMessage` is the server's own words when it gave any. */
export class ChatUploadError extends Error {
  readonly serverMessage: string | null;
  readonly status: number;
  constructor(status: number, serverMessage: string | null) {
    super(serverMessage ?? `Upload failed (${status})`);
    this.name = 'ChatUploadError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

export interface UploadOptions {
  /** Called with 0–100 as the bytes go out (SPEC §7 "reports upload progress"). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Tests answer through an axios adapter instead of the network. */
  adapter?: AxiosAdapter;
}

/** Uploads can be large; they get longer than the API's 15 s. */
export const UPLOAD_TIMEOUT_MS = 120_000;

function serverMessageOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message.trim() === '' ? null : body.message;
  }
  // Not our JSON (a proxy's error page): no message of the server's to show.
  return null;
}

/**
 * SPEC §7 `POST /chat/upload` (multipart field `file`) with progress, through the app's API client
 * so an expired session is handled like any other call's. Rejects with `ChatUploadError` (carrying
 * the server's message), or an `AbortError` when `signal` aborts.
 */
export async function uploadChatFile(file: File, options: UploadOptions = {}): Promise<ChatUploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const response = await api.post<unknown>('/chat/upload', form, {
      timeout: UPLOAD_TIMEOUT_MS,
      signal: options.signal,
      ...(options.adapter ? { adapter: options.adapter } : {}),
      onUploadProgress: (event) => {
        if (event.total) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      },
    });
    const parsed = chatUploadResponseSchema.safeParse(response.data);
    if (!parsed.success) throw new ChatUploadError(response.status, null);
    options.onProgress?.(100);
    return parsed.data;
  } catch (e) {
    if (isCancel(e)) throw new DOMException('Upload aborted', 'AbortError');
    if (isAxiosError(e))
      throw new ChatUploadError(e.response?.status ?? 0, serverMessageOf(e.response?.data));
    throw e;
  }
}
