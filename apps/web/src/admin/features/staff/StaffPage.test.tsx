import { STAFF_MESSAGES, type StaffMember } from '@openbroker/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { httpError, ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { StaffPage } from './StaffPage';

const member = (over: Partial<StaffMember>): StaffMember => ({
  id: 1,
  email: 'boss@example.com',
  first_name: 'Bo',
  last_name: 'Boss',
  roles: ['admin'],
  status: 'active',
  last_seen_at: '2026-01-07T15:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

const STAFF = [
  member({}),
  member({ id: 2, email: 'sam@example.com', first_name: 'Sam', last_name: 'Support', roles: ['support'] }),
  member({
    id: 3,
    email: 'gone@example.com',
    first_name: 'Gone',
    last_name: 'Away',
    status: 'disabled',
    last_seen_at: null,
  }),
];

function mount() {
  const get = vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/admin/staff')
      return ok({
        data: STAFF,
        meta: { current_page: 1, last_page: 1, per_page: 25, total: 3 },
        links: { next: null, prev: null },
      });
    throw new Error(`Unexpected GET ${url}`);
  });
  const post = vi.spyOn(api, 'post');
  return { get, post, ...renderRoutes([{ path: '/admin/staff', element: <StaffPage /> }], '/admin/staff') };
}

const rowOf = (email: string) =>
  screen.getAllByRole('row').find((r) => r.textContent?.includes(email)) as HTMLElement;

describe('staff management page', () => {
  beforeEach(() => {
    useSessionStore.setState({
      user: sessionUser({ id: 1, role: 'staff', staff_roles: ['admin'], permissions: ['staff.manage'] }),
    });
  });

  it('lists staff with roles, status and last seen, and keeps you from disabling yourself', async () => {
    const { get } = mount();
    await screen.findByText('sam@example.com');
    expect(get).toHaveBeenCalledWith('/admin/staff', { params: { page: 1, per_page: 25, sort: 'name' } });
    expect(rowOf('boss@example.com').textContent).toContain('(you)');
    expect(rowOf('sam@example.com').textContent).toContain('Support');
    expect(rowOf('gone@example.com').textContent).toContain('Disabled');
    expect(rowOf('gone@example.com').textContent).toContain('Never');
    expect(within(rowOf('boss@example.com')).getByRole('button', { name: 'Disable Bo Boss' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(rowOf('gone@example.com')).getByRole('button', { name: 'Enable Gone Away' })).toBeTruthy();
  });

  it('sorts on the server by the column clicked', async () => {
    const { get } = mount();
    await screen.findByText('sam@example.com');
    fireEvent.click(screen.getByRole('button', { name: /Last seen/ }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/admin/staff', {
        params: expect.objectContaining({ sort: expect.stringMatching(/^-?last_seen_at$/) }),
      }),
    );
  });

  it('checks an invitation before sending it and shows the server’s field errors', async () => {
    const { post } = mount();
    await screen.findByText('sam@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Invite staff' }));
    const form = await screen.findByTestId('invite-form');
    fireEvent.click(within(form).getByLabelText('Support'));
    fireEvent.submit(form);
    expect(await within(form).findByText(STAFF_MESSAGES.rolesRequired)).toBeTruthy();
    expect(within(form).getByText('Please enter a valid email address')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    post.mockRejectedValueOnce(
      httpError(422, {
        message: STAFF_MESSAGES.emailTaken,
        code: 'VALIDATION_FAILED',
        errors: { email: [STAFF_MESSAGES.emailTaken] },
      }),
    );
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: ' Sam@Example.com ' } });
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Sam' } });
    fireEvent.change(within(form).getByLabelText('Last name'), { target: { value: 'Two' } });
    fireEvent.click(within(form).getByLabelText('Finance'));
    fireEvent.submit(form);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/admin/staff', {
        email: 'sam@example.com',
        first_name: 'Sam',
        last_name: 'Two',
        roles: ['finance'],
      }),
    );
    expect(await within(form).findByText(STAFF_MESSAGES.emailTaken)).toBeTruthy();
  });

  it('asks before disabling, then posts the change', async () => {
    const { post } = mount();
    await screen.findByText('sam@example.com');
    post.mockResolvedValueOnce(ok({ data: { ...STAFF[1], status: 'disabled' } }));
    fireEvent.click(within(rowOf('sam@example.com')).getByRole('button', { name: 'Disable Sam Support' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('signed out everywhere');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/admin/staff/2/disable'));
  });
});
