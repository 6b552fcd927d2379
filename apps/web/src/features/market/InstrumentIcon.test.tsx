import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FLAG_URLS } from './currencyFlags';
import { InstrumentIcon, iconSpecOf, instrumentInitials, loadInstrumentLogos } from './InstrumentIcon';

const USDJPY = { symbol: 'USDJPY', type: 'forex', base_currency: 'USD', quote_currency: 'JPY' };
const USDCHF = { symbol: 'USDCHF', type: 'forex', base_currency: 'USD', quote_currency: 'CHF' };

function flagsOf(container: HTMLElement): string[] {
  return [...container.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '');
}

describe('InstrumentIcon', () => {
  it('draws a currency pair as its two flags, so USD/JPY and USD/CHF differ', () => {
    const jpy = render(<InstrumentIcon instrument={USDJPY} />);
    const chf = render(<InstrumentIcon instrument={USDCHF} />);
    const jpyFlags = flagsOf(jpy.container);
    const chfFlags = flagsOf(chf.container);
    expect(jpyFlags).toHaveLength(2);
    expect(chfFlags).toHaveLength(2);
    expect(jpyFlags[0]).toBe(chfFlags[0]);
    expect(jpyFlags[1]).not.toBe(chfFlags[1]);
    expect(jpyFlags[1]).toBe(FLAG_URLS.jp);
    expect(chfFlags[1]).toBe(FLAG_URLS.ch);
    expect(jpy.container.querySelector('[data-flag="JPY"]')).not.toBeNull();
    expect(chf.container.querySelector('[data-flag="CHF"]')).not.toBeNull();
    expect(jpy.container.innerHTML).not.toBe(chf.container.innerHTML);
  });

  it('maps the euro to the EU flag, and reads a bare six-letter symbol as a pair', () => {
    const spec = iconSpecOf({ symbol: 'EURGBP' });
    expect(spec.kind).toBe('pair');
    if (spec.kind !== 'pair') return;
    expect(spec.base).toMatchObject({ kind: 'flag', code: 'EUR' });
    expect(spec.base.kind === 'flag' && spec.base.url).toBe(FLAG_URLS.eu);
    expect(spec.quote).toMatchObject({ kind: 'flag', code: 'GBP' });
  });

  it('draws gold against the dollar as the metal and the US flag', () => {
    const { container } = render(
      <InstrumentIcon
        instrument={{ symbol: 'XAUUSD', type: 'metals', base_currency: 'XAU', quote_currency: 'USD' }}
      />,
    );
    expect(container.querySelector('[data-metal="XAU"]')?.textContent).toBe('Au');
    expect(flagsOf(container)).toHaveLength(1);
  });

  it('gives BTC/USD the Bitcoin logo', async () => {
    await loadInstrumentLogos();
    const { container } = render(
      <InstrumentIcon
        instrument={{ symbol: 'BTCUSD', type: 'crypto', base_currency: 'BTC', quote_currency: 'USD' }}
      />,
    );
    await waitFor(() => expect(container.querySelector('[data-logo="bitcoin"]')).not.toBeNull());
    expect(container.querySelector('path')?.getAttribute('d')).toBeTruthy();
  });

  it('gives a company its logo and falls back to initials that differ between instruments', async () => {
    await loadInstrumentLogos();
    const apple = render(<InstrumentIcon instrument={{ symbol: 'AAPL', type: 'stocks' }} />);
    await waitFor(() => expect(apple.container.querySelector('[data-logo="apple"]')).not.toBeNull());
    expect(instrumentInitials('US500')).toBe('500');
    expect(instrumentInitials('US30')).toBe('30');
    expect(instrumentInitials('USOIL')).not.toBe(instrumentInitials('UKOIL'));
    expect(instrumentInitials('SAP.DE')).toBe('SAP');
    expect(instrumentInitials('')).toBe('?');
  });

  it('is decorative', () => {
    const { getByTestId } = render(<InstrumentIcon instrument={USDJPY} />);
    expect(getByTestId('instrument-icon').getAttribute('aria-hidden')).toBe('true');
    for (const img of getByTestId('instrument-icon').querySelectorAll('img')) {
      expect(img.getAttribute('alt')).toBe('');
    }
  });
});
