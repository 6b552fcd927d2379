import type { ChatUploadResponse } from '@openbroker/domain';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChatUploadError, type UploadOptions } from '@/api/chat';
import { deferred, httpError } from '@/test/http';
import { ChatComposer, type ChatComposerProps } from './ChatComposer';
import { chatAttachment } from './testing';

function uploaded(name: string): ChatUploadResponse {
  const attachment = chatAttachment({
    id: name,
    file_name: name,
    download_url: `/api/v1/chat/attachments/${name}`,
  });
  return { url: attachment.download_url, data: attachment };
}

function mount(props: Partial<ChatComposerProps> = {}) {
  const onSend = vi.fn<ChatComposerProps['onSend']>().mockResolvedValue(undefined);
  const upload = vi.fn(async (file: File, _options?: UploadOptions) => uploaded(file.name));
  const all: ChatComposerProps = { connected: true, signedIn: true, onSend, upload, ...props };
  const view = render(<ChatComposer {...all} />);
  const input = screen.getByTestId('chat-composer-input') as HTMLTextAreaElement;
  return { ...view, onSend: all.onSend, upload: all.upload, input, props: all };
}

const type = (input: HTMLTextAreaElement, value: string) => fireEvent.change(input, { target: { value } });
const error = () => screen.queryByTestId('chat-composer-error')?.textContent ?? null;
const file = (name: string, type = 'image/png', size = 10) =>
  new File([new Uint8Array(size)], name, { type });

describe('chat composer (SPEC §2 Composer, §5 chat rules)', () => {
  it('sends on Enter, and Shift+Enter does not send', async () => {
    const { input, onSend } = mount();
    type(input, 'Hello');
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ message: 'Hello', attachments: [] }));
    await waitFor(() => expect(input.value).toBe(''));
  });

  it('sends with the send button', async () => {
    const { input, onSend } = mount();
    type(input, 'Line one\nline two');
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledWith({ message: 'Line one\nline two', attachments: [] }),
    );
  });

  it('ignores blank text with no file attached, without a message', () => {
    const { input, onSend } = mount();
    type(input, '   \n  ');
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(screen.getByTestId('chat-send'));
    expect(onSend).not.toHaveBeenCalled();
    expect(error()).toBeNull();
  });

  it('says the connection is lost, and keeps the text, when the link drops', () => {
    const { input, onSend, rerender, props } = mount();
    expect(input.placeholder).toBe('Type a message...');
    type(input, 'Are you there?');
    rerender(<ChatComposer {...props} connected={false} />);
    expect(input.disabled).toBe(true);
    expect(input.placeholder).toBe('Reconnecting...');
    fireEvent.click(screen.getByTestId('chat-send'));
    expect(error()).toBe('Connection lost. Messages cannot be sent at this time.');
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('Are you there?');
  });

  it('needs a signed-in user', () => {
    const { input, onSend } = mount({ signedIn: false });
    type(input, 'Hello');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(error()).toBe('You must be logged in to send messages.');
    expect(onSend).not.toHaveBeenCalled();
  });

  it("shows 'Failed to send message.' with the server's reason and keeps the text", async () => {
    const onSend = vi
      .fn()
      .mockRejectedValue(httpError(422, { message: 'A message can be at most 5000 characters' }));
    const { input } = mount({ onSend });
    type(input, 'Too long');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(error()).toBe('Failed to send message. A message can be at most 5000 characters'),
    );
    expect(input.value).toBe('Too long');
  });

  it("shows only 'Failed to send message.' when the server gave no reason", async () => {
    const { input } = mount({ onSend: vi.fn().mockRejectedValue(new Error('socket hang up')) });
    type(input, 'Hi');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(error()).toBe('Failed to send message.'));
  });

  it('uploads only the first file of a pick, shows progress, and sends its url', async () => {
    const pending = deferred<ChatUploadResponse>();
    let progress: ((percent: number) => void) | undefined;
    const upload = vi.fn((_file: File, options?: UploadOptions) => {
      progress = options?.onProgress;
      return pending.promise;
    });
    const { input, onSend } = mount({ upload });
    const picker = screen.getByTestId('chat-attach-input') as HTMLInputElement;
    expect(picker.accept).toContain('application/pdf');
    fireEvent.change(picker, { target: { files: [file('first.png'), file('second.png')] } });
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]?.[0].name).toBe('first.png');
    expect(screen.getAllByTestId('chat-pending-attachment')).toHaveLength(1);
    act(() => progress?.(40));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');

    // Sending while the file is still on its way waits for it, then sends it along.
    type(input, 'My statement');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    await act(async () => pending.resolve(uploaded('first.png')));
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledWith({
        message: 'My statement',
        attachments: ['/api/v1/chat/attachments/first.png'],
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('chat-pending-attachment')).toBeNull());
  });

  it('sends a file without text, and a removed file is not sent', async () => {
    const { onSend } = mount();
    const picker = screen.getByTestId('chat-attach-input');
    fireEvent.change(picker, { target: { files: [file('keep.pdf', 'application/pdf')] } });
    fireEvent.change(picker, { target: { files: [file('drop.png')] } });
    await waitFor(() =>
      expect(screen.getAllByTestId('chat-pending-attachment').map((c) => c.dataset.status)).toEqual([
        'done',
        'done',
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove drop.png' }));
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledWith({
        message: '',
        attachments: ['/api/v1/chat/attachments/keep.pdf'],
      }),
    );
  });

  it("shows 'Failed to upload file.' with the server's reason, and does not send the message", async () => {
    const upload = vi
      .fn()
      .mockRejectedValue(
        new ChatUploadError(422, 'This file type is not allowed. Attach an image, PDF, Word or Excel file.'),
      );
    const { input, onSend } = mount({ upload });
    fireEvent.change(screen.getByTestId('chat-attach-input'), { target: { files: [file('evil.exe', '')] } });
    await waitFor(() =>
      expect(error()).toBe(
        'Failed to upload file. This file type is not allowed. Attach an image, PDF, Word or Excel file.',
      ),
    );
    expect(screen.getByTestId('chat-pending-attachment').dataset.status).toBe('error');
    // A failed file counts as nothing attached: blank text is still ignored.
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('refuses a file over 10 MB without uploading it', () => {
    const { upload } = mount();
    fireEvent.change(screen.getByTestId('chat-attach-input'), {
      target: { files: [file('huge.pdf', 'application/pdf', 10 * 1024 * 1024 + 1)] },
    });
    expect(upload).not.toHaveBeenCalled();
    expect(error()).toBe('Failed to upload file. The file is larger than 10 MB.');
  });
});
