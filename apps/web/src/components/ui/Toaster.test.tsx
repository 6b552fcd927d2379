import { act, render, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { useThemeStore } from '@/stores/themeStore';
import { Toaster } from './Toaster';

/** Sonner adds toasts on a timer after `toast()` returns, so wait for them to land. */
async function toasts(count: number): Promise<Element[]> {
  return waitFor(() => {
    const found = Array.from(document.querySelectorAll('[data-sonner-toast]'));
    expect(found).toHaveLength(count);
    return found;
  });
}

function toaster(): HTMLElement {
  const el = document.querySelector<HTMLElement>('[data-sonner-toaster]');
  if (!el) throw new Error('no toaster rendered');
  return el;
}

describe('Toaster (SPEC §9 toast figures)', () => {
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    useThemeStore.setState({ theme: 'system' });
  });

  it('sits bottom-right, 356 px wide, in the dark theme', async () => {
    useThemeStore.setState({ theme: 'dark' });
    render(<Toaster />);
    await act(async () => {
      toast('Hello');
    });
    await toasts(1);
    const el = toaster();
    expect(el.getAttribute('data-y-position')).toBe('bottom');
    expect(el.getAttribute('data-x-position')).toBe('right');
    expect(el.style.getPropertyValue('--width')).toBe('356px');
    expect(el.getAttribute('data-sonner-theme')).toBe('dark');
  });

  it("follows the device's theme choice", async () => {
    useThemeStore.setState({ theme: 'light' });
    render(<Toaster />);
    await act(async () => {
      toast('Hello');
    });
    await toasts(1);
    expect(toaster().getAttribute('data-sonner-theme')).toBe('light');
    act(() => useThemeStore.setState({ theme: 'dark' }));
    await waitFor(() => expect(toaster().getAttribute('data-sonner-theme')).toBe('dark'));
  });

  it('shows at most 3 toasts at once', async () => {
    render(<Toaster />);
    await act(async () => {
      for (const n of [1, 2, 3, 4, 5]) toast(`Toast ${n}`);
    });
    const shown = await toasts(5);
    expect(shown.filter((t) => t.getAttribute('data-visible') === 'true')).toHaveLength(3);
  });

  it('uses rich colours for typed toasts', async () => {
    render(<Toaster />);
    await act(async () => {
      toast.success('Saved');
      toast.error('Failed');
    });
    const typed = await toasts(2);
    expect(typed.map((t) => t.getAttribute('data-type')).sort()).toEqual(['error', 'success']);
    expect(typed.every((t) => t.getAttribute('data-rich-colors') === 'true')).toBe(true);
  });
});
