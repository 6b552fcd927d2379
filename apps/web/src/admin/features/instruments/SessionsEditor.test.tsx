import { everyDay, type WeeklySessions } from '@openbroker/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SessionsEditor } from './SessionsEditor';

function Harness(props: {
  start: WeeklySessions | null;
  errors?: Record<string, string>;
  onValue: (v: WeeklySessions | null) => void;
}) {
  const [value, setValue] = useState(props.start);
  return (
    <SessionsEditor
      value={value}
      onChange={(v) => {
        setValue(v);
        props.onValue(v);
      }}
      defaultHours="Monday to Friday 09:30–16:00 (America/New_York)"
      timeZone="America/New_York"
      errors={props.errors}
    />
  );
}

describe('SessionsEditor', () => {
  it('shows the default hours until staff leave them, then edits days', () => {
    const seen: { last: WeeklySessions | null } = { last: null };
    render(
      <Harness
        start={null}
        onValue={(v) => {
          seen.last = v;
        }}
      />,
    );
    expect(screen.getByText('Monday to Friday 09:30–16:00 (America/New_York)')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Use default hours'));
    // A working week to start from; the weekend closed.
    expect(seen.last).toMatchObject({ mon: [['09:00', '17:00']], sat: [], sun: [] });

    fireEvent.change(screen.getByLabelText('Monday session 1 to'), { target: { value: '12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a Monday session' }));
    expect(seen.last?.mon).toEqual([
      ['09:00', '12:00'],
      ['12:00', '24:00'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Friday session 1' }));
    expect(seen.last?.fri).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add a Saturday session' }));
    expect(seen.last?.sat).toEqual([['09:00', '17:00']]);

    fireEvent.click(screen.getByLabelText('Use default hours'));
    expect(seen.last).toBeNull();
  });

  it('shows a server error beside the interval it is about', () => {
    render(
      <Harness
        start={{ ...everyDay([]), tue: [['18:00', '10:00']] }}
        errors={{ 'tue.0': 'Tuesday: 18:00 must be before 10:00' }}
        onValue={() => undefined}
      />,
    );
    const from = screen.getByLabelText('Tuesday session 1 from');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByText('Tuesday: 18:00 must be before 10:00');
    expect(from.getAttribute('aria-describedby')).toBe(message.id);
  });
});
