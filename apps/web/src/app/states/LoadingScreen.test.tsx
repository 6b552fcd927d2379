import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingScreen } from './LoadingScreen';

function progress(): number {
  return Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
}

function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('LoadingScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the site name, three icons and SPEC's loading text", () => {
    render(<LoadingScreen siteName="Acme Markets" />);
    const screenEl = screen.getByTestId('loading-screen');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Acme Markets');
    expect(screenEl.querySelectorAll('svg.animate-pulse, .animate-pulse svg')).toHaveLength(3);
    expect(screen.getByText('Loading market data...')).toBeTruthy();
  });

  it('fills 1% every 30 ms', () => {
    render(<LoadingScreen siteName="Acme" />);
    expect(progress()).toBe(0);
    advance(29);
    expect(progress()).toBe(0);
    advance(1);
    expect(progress()).toBe(1);
    advance(30 * 49);
    expect(progress()).toBe(50);
  });

  it('signals completion exactly once, when it reaches 100%', () => {
    const onComplete = vi.fn();
    render(<LoadingScreen siteName="Acme" onComplete={onComplete} />);
    advance(30 * 99);
    expect(progress()).toBe(99);
    expect(onComplete).not.toHaveBeenCalled();
    advance(30);
    expect(progress()).toBe(100);
    expect(onComplete).toHaveBeenCalledTimes(1);
    advance(30 * 50);
    expect(progress()).toBe(100);
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('sizes the bar to the progress', () => {
    render(<LoadingScreen siteName="Acme" />);
    advance(30 * 42);
    const fill = screen.getByRole('progressbar').firstElementChild;
    expect(fill?.getAttribute('style')).toContain('width: 42%');
  });
});
