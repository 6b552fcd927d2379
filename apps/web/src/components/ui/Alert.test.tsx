import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Alert, type AlertVariant } from './Alert';

const VARIANTS: AlertVariant[] = ['default', 'destructive', 'success', 'warning'];

function iconClassOf(variant: AlertVariant): string {
  const { container, unmount } = render(<Alert variant={variant} title="T" />);
  const icon = container.querySelector('[data-slot="alert-icon"]');
  const cls = icon?.getAttribute('class') ?? '';
  unmount();
  // lucide names each icon in its class list (e.g. "lucide-info"); keep only that part.
  return cls
    .split(/\s+/)
    .filter((c) => c.startsWith('lucide-'))
    .join(' ');
}

describe('Alert', () => {
  it.each(VARIANTS)('renders the %s variant with an icon, title and description', (variant) => {
    render(<Alert variant={variant} title="Heads up" description="Something happened." />);
    const alert = document.querySelector('[data-slot="alert"]');
    expect(alert?.getAttribute('data-variant')).toBe(variant);
    expect(alert?.querySelector('[data-slot="alert-icon"]')).not.toBeNull();
    expect(screen.getByText('Heads up')).toBeTruthy();
    expect(screen.getByText('Something happened.')).toBeTruthy();
  });

  it('gives every variant its own icon', () => {
    const classes = VARIANTS.map(iconClassOf);
    expect(classes.every((c) => c !== '')).toBe(true);
    expect(new Set(classes).size).toBe(VARIANTS.length);
  });

  it('announces errors assertively and the rest politely', () => {
    const { rerender } = render(<Alert variant="destructive" description="Bad" />);
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(<Alert variant="success" description="Good" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('omits the title and description when not given', () => {
    const { container } = render(<Alert>Body only</Alert>);
    expect(container.querySelector('[data-slot="alert-title"]')).toBeNull();
    expect(container.querySelector('[data-slot="alert-description"]')).toBeNull();
    expect(screen.getByText('Body only')).toBeTruthy();
  });

  it('shows a close button only when onClose is given, and calls it', () => {
    const { rerender } = render(<Alert title="No close" />);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    const onClose = vi.fn();
    rerender(<Alert title="With close" onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
