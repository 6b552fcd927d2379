import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useThemeStore } from '@/stores/themeStore';
import { ThemeSelect } from './ThemeSelect';

describe('ThemeSelect', () => {
  afterEach(() => useThemeStore.setState({ theme: 'dark' }));

  it('offers system, dark and light, and stores the choice', () => {
    render(<ThemeSelect />);
    const select = screen.getByRole('combobox', { name: 'Theme' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['System', 'Dark', 'Light']);
    expect(select.value).toBe('dark');
    fireEvent.change(select, { target: { value: 'light' } });
    expect(useThemeStore.getState().theme).toBe('light');
  });

  it('is named by its label when given an id', () => {
    render(
      <>
        <label htmlFor="theme">Colour theme</label>
        <ThemeSelect id="theme" />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Colour theme' })).toBeTruthy();
  });
});
