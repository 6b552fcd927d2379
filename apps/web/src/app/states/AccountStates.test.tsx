import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AccountDisabled } from './AccountDisabled';
import { AwaitingApproval } from './AwaitingApproval';

describe('account full-screen states (SPEC §2)', () => {
  it('Account Currently Disabled: SPEC text, Check Status calls back', () => {
    const onCheckStatus = vi.fn();
    render(<AccountDisabled onCheckStatus={onCheckStatus} />);
    const view = screen.getByTestId('account-disabled');
    expect(screen.getByRole('heading').textContent).toBe('Account Currently Disabled');
    expect(view.textContent).toContain('Your account is currently disabled, please contact support.');
    fireEvent.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(onCheckStatus).toHaveBeenCalledTimes(1);
  });

  it('Awaiting Approval: SPEC text, Logout calls back', () => {
    const onLogout = vi.fn();
    render(<AwaitingApproval onLogout={onLogout} />);
    const view = screen.getByTestId('awaiting-approval');
    expect(screen.getByRole('heading').textContent).toBe('Awaiting Approval');
    expect(view.textContent).toContain('Your account is awaiting approval from the Client Management Team');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('disables the action while it is in progress', () => {
    const onLogout = vi.fn();
    render(<AwaitingApproval onLogout={onLogout} loggingOut />);
    const button = screen.getByRole('button', { name: /Logout/ });
    expect(button.hasAttribute('disabled')).toBe(true);
  });
});
