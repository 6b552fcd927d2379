import { type AxiosAdapter, AxiosError, type AxiosProgressEvent } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { chatAttachment, chatMessage } from '@/features/chat/testing';
import { ok } from '@/test/http';
import {
  ChatUploadError,
  getChatMessages,
  INVALID_RESPONSE,
  InvalidChatResponseError,
  markChatRead,
  sendChatMessage,
  uploadChatFile,
} from './chat';
import { api } from './client';

/** An axios adapter standing in for the network: it reports progress, then answers `status`/`data`. */
function network(status: number, data: unknown, progress: [number, number][] = []) {
  const seen: { url?: string; body?: unknown } = {};
  const adapter: AxiosAdapter = async (config) => {
    seen.url = `${config.baseURL}${config.url}`;
    seen.body = config.data;
    for (const [loaded, total] of progress) {
      config.onUploadProgress?.({
        loaded,
        total,
        bytes: loaded,
        lengthComputable: true,
      } as AxiosProgressEvent);
    }
    const response = { status, statusText: '', headers: {}, config, data };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`status ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
  };
  return { adapter, seen };
}

const pdf = () => new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' });

describe('chat API (SPEC §7)', () => {
  it('asks for a page, a customer (staff) and a time', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(ok({ data: [chatMessage()], next_page_url: null }));
    await getChatMessages({ page: 2, customerId: 7, after: '2026-01-07T15:00:00.000Z' });
    expect(get).toHaveBeenCalledWith('/chat/messages', {
      params: { page: 2, customer_id: 7, after: '2026-01-07T15:00:00.000Z' },
    });
    await getChatMessages();
    expect(get).toHaveBeenLastCalledWith('/chat/messages', { params: { page: 1 } });
  });

  it("fails a malformed list with SPEC's 'Invalid response from server'", async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: [{ id: 'x' }] }));
    const failure = getChatMessages();
    await expect(failure).rejects.toBeInstanceOf(InvalidChatResponseError);
    await expect(failure).rejects.toThrow(INVALID_RESPONSE);
  });

  it('sends and marks read', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValueOnce(ok({ data: chatMessage({ id: 9, message: 'Hi' }) }))
      .mockResolvedValueOnce(ok({ data: { message_ids: [3, 4] } }));
    expect((await sendChatMessage({ message: 'Hi', attachments: [], customer_id: 1 })).id).toBe(9);
    expect(post).toHaveBeenCalledWith('/chat/messages', { message: 'Hi', attachments: [], customer_id: 1 });
    expect(await markChatRead(5)).toEqual([3, 4]);
    expect(post).toHaveBeenLastCalledWith('/chat/read', { customer_id: 5 });
  });
});

describe('chat upload (SPEC §7: multipart file, reports upload progress)', () => {
  it('posts the file as multipart `file`, reports progress and answers the url', async () => {
    const attachment = chatAttachment({ is_image: false, file_name: 'statement.pdf' });
    const { adapter, seen } = network(201, { url: attachment.download_url, data: attachment }, [
      [25, 100],
      [100, 100],
    ]);
    const onProgress = vi.fn();
    const file = pdf();
    await expect(uploadChatFile(file, { onProgress, adapter })).resolves.toEqual({
      url: attachment.download_url,
      data: attachment,
    });
    expect(seen.url).toBe(`${window.location.origin}/api/v1/chat/upload`);
    const sent = seen.body instanceof FormData ? seen.body.get('file') : null;
    expect(sent instanceof File ? sent.name : null).toBe(file.name);
    expect(onProgress.mock.calls.map(([p]) => p)).toEqual([25, 100, 100]);
  });

  it("carries the server's reason when it refuses the file", async () => {
    const { adapter } = network(413, {
      message: 'The file is larger than 10 MB.',
      code: 'PAYLOAD_TOO_LARGE',
    });
    const error = await uploadChatFile(pdf(), { adapter }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatUploadError);
    expect((error as ChatUploadError).serverMessage).toBe('The file is larger than 10 MB.');
  });

  it('has no server reason for a page that is not JSON or a malformed answer', async () => {
    const gateway = await uploadChatFile(pdf(), {
      adapter: network(502, '<html>Bad gateway</html>').adapter,
    }).catch((e: unknown) => e);
    expect((gateway as ChatUploadError).serverMessage).toBeNull();
    const malformed = await uploadChatFile(pdf(), { adapter: network(201, { url: 1 }).adapter }).catch(
      (e: unknown) => e,
    );
    expect(malformed).toBeInstanceOf(ChatUploadError);
  });

  it('aborts with the signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadChatFile(pdf(), { signal: controller.signal, adapter: network(201, {}).adapter }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
