import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { httpError, ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { NoticesTab, type SentNotice } from './NoticesTab';

afterEach(() => vi.restoreAllMocks());

describe('NoticesTab', () => {
  it('previews the notice as typed, sends it, and lists it as sent', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { id: 'temp-notice-1' } }, 202));
    const onSent = vi.fn<(n: SentNotice) => void>();
    renderRoutes([{ path: '/', element: <NoticesTab sent={[]} onSent={onSent} /> }], '/');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Maintenance tonight' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '<b>22:00</b> UTC' } });
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: 'warning' } });
    const preview = screen.getByTestId('notice-preview');
    expect(preview.textContent).toBe('Maintenance tonight<b>22:00</b> UTC');
    expect(preview.querySelector('b')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send to everyone online now' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith('/admin/notices', {
      title: 'Maintenance tonight',
      message: '<b>22:00</b> UTC',
      color: 'warning',
    });
    expect(onSent.mock.calls[0]?.[0]).toMatchObject({ id: 'temp-notice-1', color: 'warning' });
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
  });

  it('shows the field errors of a 422', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(
      httpError(422, {
        message: 'The title is required',
        code: 'VALIDATION_FAILED',
        errors: { title: ['The title is required'] },
      }),
    );
    renderRoutes([{ path: '/', element: <NoticesTab sent={[]} onSent={vi.fn()} /> }], '/');
    fireEvent.click(screen.getByRole('button', { name: 'Send to everyone online now' }));
    expect(await screen.findByText('The title is required')).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
  });
});
