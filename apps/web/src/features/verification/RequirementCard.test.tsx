import type { VerificationRequirement } from '@openbroker/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosHeaders, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { createQueryClient, Providers } from '@/app/Providers';
import { RequirementCard } from './RequirementCard';

function ok<T>(data: T): AxiosResponse<T> {
  return { data, status: 201, statusText: 'Created', headers: {}, config: { headers: new AxiosHeaders() } };
}

const base: VerificationRequirement = {
  kind: 'identity_document',
  label: 'Identity document',
  state: 'not_submitted',
  state_label: 'Not submitted',
  reason: null,
  submissions_left: 3,
  needed_for_level: 1,
  can_upload: true,
  expires_at: null,
  documents: [],
};

const renderCard = (req: VerificationRequirement) =>
  render(
    <Providers queryClient={createQueryClient()}>
      <RequirementCard req={req} />
    </Providers>,
  );

describe('RequirementCard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows why it was rejected, in plain words, with submissions left and the upload controls', () => {
    renderCard({
      ...base,
      state: 'rejected',
      state_label: 'Rejected',
      reason: 'Your document has expired. Please upload one that is still valid.',
      submissions_left: 2,
    });
    expect(
      screen.getByText('Your document has expired. Please upload one that is still valid.'),
    ).toBeTruthy();
    expect(screen.getByText('2 submissions left')).toBeTruthy();
    expect(screen.getByLabelText('Document type')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Submit for review' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('offers front and back for an ID card and no controls while in review', () => {
    const { unmount } = renderCard(base);
    fireEvent.change(screen.getByLabelText('Document type'), { target: { value: 'id_card' } });
    expect(screen.getByRole('button', { name: 'Choose file: Front' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose file: Back' })).toBeTruthy();
    unmount();
    renderCard({ ...base, state: 'pending', state_label: 'Being reviewed', can_upload: false });
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(screen.getByText('We are reviewing it. We will notify you when it is done.')).toBeTruthy();
  });

  it('uses the front camera for a selfie', () => {
    const { container } = renderCard({ ...base, kind: 'selfie', label: 'Selfie' });
    const input = container.querySelector('input[type=file]');
    expect(input?.getAttribute('capture')).toBe('user');
    expect(input?.getAttribute('accept')).toBe('image/*');
  });

  it('refuses a too large file before sending and sends a good one with its fields', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: {} }));
    const { container } = renderCard(base);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe('The file is larger than 10 MB.');
    expect(post).not.toHaveBeenCalled();
    const good = new File([new Uint8Array(10)], 'passport.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [good] } });
    await waitFor(() => expect(post).toHaveBeenCalled());
    const [url, form] = post.mock.calls[0] as [string, FormData];
    expect(url).toBe('/verification/documents');
    expect([...form.keys()]).toEqual(['requirement', 'document_type', 'side', 'file']);
    expect(form.get('document_type')).toBe('passport');
  });
});
