import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REGISTRATION_STEPS, RegistrationSteps } from './RegistrationSteps';

function states(): (string | null)[] {
  return screen.getAllByRole('listitem').map((li) => li.getAttribute('data-state'));
}

describe('three-step registration bar (SPEC §2: Set Up, Financial Profile, ID Check)', () => {
  it.each([
    [0, ['active', 'upcoming', 'upcoming']],
    [1, ['done', 'active', 'upcoming']],
    [2, ['done', 'done', 'active']],
  ])('step %i', (current, expected) => {
    render(<RegistrationSteps current={current} />);
    expect(states()).toEqual(expected);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/^\d/, ''))).toEqual([...REGISTRATION_STEPS]);
    expect(items[current]?.getAttribute('aria-current')).toBe('step');
    expect(items.filter((li) => li.hasAttribute('aria-current'))).toHaveLength(1);
  });
});
