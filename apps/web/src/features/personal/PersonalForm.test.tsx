import { lockedFieldsFor, type Personal, type PersonalChangeRequest } from '@openbroker/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PersonalFormValues } from './formValues';
import { PersonalForm, type SaveOutcome } from './PersonalForm';
import { RequestBanners } from './RequestBanners';

function personal(verified: string[], overrides: Partial<Personal> = {}): Personal {
  return {
    details: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      date_of_birth: '1990-12-10',
      address_line1: '12 St James Square',
      address_line2: null,
      city: 'London',
      postal_code: 'SW1Y 4JH',
      country: 'united-kingdom',
      country_code: '+44',
      phone: '20 7946 0958',
      nationality: 'united-kingdom',
      tax_residence: 'united-kingdom',
      tax_id: null,
    },
    locked: lockedFieldsFor(verified),
    pending_request: null,
    last_decided_request: null,
    ...overrides,
  };
}

const saved = (_values?: PersonalFormValues): Promise<SaveOutcome> =>
  Promise.resolve({ ok: true, message: 'Saved' });

describe('PersonalForm', () => {
  it('shows verified fields read-only with a lock and keeps the others editable', () => {
    render(<PersonalForm personal={personal(['identity_document'])} saving={false} onSave={saved} />);
    const first = screen.getByLabelText('First name') as HTMLInputElement;
    expect(first.readOnly).toBe(true);
    expect(first.value).toBe('Ada');
    expect(screen.getByLabelText('Date of birth')).toHaveProperty('readOnly', true);
    expect(screen.getAllByRole('img', { name: 'Verified, locked' })).toHaveLength(3);
    expect(screen.getByText('Confirmed by your verified identity document')).toBeTruthy();

    const city = screen.getByLabelText('City') as HTMLInputElement;
    expect(city.readOnly).toBe(false);
    fireEvent.change(city, { target: { value: 'Bath' } });
    expect(city.value).toBe('Bath');
    // The address is not verified: its country is a select, not locked text.
    expect(screen.getByLabelText('Country').tagName).toBe('SELECT');
    expect(screen.getAllByRole('button', { name: 'Verified — ask for a change' })).toHaveLength(1);
  });

  it('locks nothing and offers no change request before verification', () => {
    render(<PersonalForm personal={personal([])} saving={false} onSave={saved} />);
    expect(screen.getByLabelText('First name')).toHaveProperty('readOnly', false);
    expect(screen.queryByRole('button', { name: 'Verified — ask for a change' })).toBeNull();
  });

  it('sends a change to locked fields through the request form, with the rest of the form as it is', async () => {
    const onSave = vi.fn(saved);
    render(<PersonalForm personal={personal(['proof_of_address'])} saving={false} onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verified — ask for a change' }));
    const dialog = await screen.findByRole('dialog');
    const city = within(dialog).getByLabelText('City') as HTMLInputElement;
    expect(city.readOnly).toBe(false);
    fireEvent.change(city, { target: { value: 'Paris' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send for review' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ city: 'Paris', first_name: 'Ada', address_line2: '' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses an under-18 date of birth before sending anything', async () => {
    const onSave = vi.fn(saved);
    render(<PersonalForm personal={personal([])} saving={false} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('You must be at least 18 years old')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('disables asking again while a request waits', () => {
    const pending: PersonalChangeRequest = {
      id: 3,
      status: 'pending',
      changes: [{ field: 'city', before: 'London', after: 'Paris' }],
      requested_at: '2026-06-01T10:00:00.000Z',
      decided_at: null,
      reason_code: null,
      reason_label: null,
      reason: null,
    };
    render(
      <PersonalForm
        personal={personal(['proof_of_address'], { pending_request: pending })}
        saving={false}
        onSave={saved}
      />,
    );
    expect(screen.getByRole('button', { name: 'Verified — ask for a change' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});

describe('RequestBanners', () => {
  it('shows a rejection with its coded reason and the words staff gave', () => {
    const rejected: PersonalChangeRequest = {
      id: 4,
      status: 'rejected',
      changes: [{ field: 'country', before: 'united-kingdom', after: 'france' }],
      requested_at: '2026-06-01T10:00:00.000Z',
      decided_at: '2026-06-02T10:00:00.000Z',
      reason_code: 'insufficient_evidence',
      reason_label: 'Insufficient evidence',
      reason: 'Upload a proof of address first.',
    };
    render(<RequestBanners personal={personal([], { last_decided_request: rejected })} />);
    expect(screen.getByText('Your change request was declined')).toBeTruthy();
    expect(screen.getByText('Reason: Insufficient evidence — Upload a proof of address first.')).toBeTruthy();
    expect(screen.getByText('Country: United Kingdom → France')).toBeTruthy();
  });
});
