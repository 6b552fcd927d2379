import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RejectRequirementDialog } from './RejectRequirementDialog';

describe('RejectRequirementDialog', () => {
  it('opens on the reason, never on Reject, and previews what the customer reads', async () => {
    const onReject = vi.fn();
    render(
      <RejectRequirementDialog
        label="Proof of address"
        open
        onOpenChange={() => undefined}
        pending={false}
        onReject={onReject}
      />,
    );
    const reason = await screen.findByLabelText('Reason');
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(screen.getByRole('dialog', { name: 'Reject proof of address' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Choose a reason')).toBeTruthy();
    expect(onReject).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: 'document_expired' } });
    expect(
      screen.getByText('Customer reads: “Your document has expired. Please upload one that is still valid.”'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onReject).toHaveBeenCalledWith({
      reason_code: 'document_expired',
      message: '',
      comment: '',
      final: false,
    });
  });
});
