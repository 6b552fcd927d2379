import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './Tabs';

const TABS = [
  { key: 'a', label: 'Alpha' },
  { key: 'b', label: 'Beta' },
  { key: 'c', label: 'Gamma' },
] as const;

function Harness() {
  const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
  return (
    <Tabs label="Sections" tabs={TABS} value={value} onValueChange={setValue}>
      <p>Panel {value}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('has one tab stop, moves with arrow keys, Home and End, and labels the panel by its tab', async () => {
    render(<Harness />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    const selected = (name: string) =>
      waitFor(() => expect(tab(name).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy();
    expect(tab('Alpha').getAttribute('aria-selected')).toBe('true');
    expect(tab('Beta').tabIndex).toBe(-1);
    // Radix moves focus a tick after the key; the focused tab is selected (automatic activation).
    tab('Alpha').focus();
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowRight' });
    await selected('Beta');
    expect(document.activeElement).toBe(tab('Beta'));
    expect(screen.getByRole('tabpanel', { name: 'Beta' }).textContent).toBe('Panel b');
    fireEvent.keyDown(tab('Beta'), { key: 'End' });
    await selected('Gamma');
    fireEvent.keyDown(tab('Gamma'), { key: 'ArrowRight' });
    await selected('Alpha');
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowLeft' });
    await selected('Gamma');
  });
});
