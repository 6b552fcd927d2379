import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AssetIcon, assetHue, assetInitials } from './AssetIcon';

describe('AssetIcon', () => {
  it('shows initials on a colour derived from the symbol when there is no image nor mark', () => {
    render(<AssetIcon symbol="US500" type="indices" image={null} />);
    const icon = screen.getByTestId('asset-icon');
    expect(icon.textContent).toBe('500');
    expect(icon.style.backgroundColor).not.toBe('');
  });

  it('shows a currency pair as flags from its symbol alone', () => {
    const { container } = render(<AssetIcon symbol="EURUSD" />);
    expect(container.querySelectorAll('img')).toHaveLength(2);
  });

  it('gives each symbol a stable colour, different symbols (usually) different ones', () => {
    expect(assetHue('BTCUSD')).toBe(assetHue('btcusd'));
    expect(assetHue('BTCUSD')).not.toBe(assetHue('EURUSD'));
    expect(assetInitials('#US30')).toBe('US');
    expect(assetInitials('')).toBe('?');
  });

  it('shows the image, and the generated icon if it fails to load', () => {
    const { container } = render(<AssetIcon symbol="ZZZZ" type="indices" image="/img/zzzz.png" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/img/zzzz.png');
    if (img) fireEvent.error(img);
    expect(screen.getByTestId('asset-icon').textContent).toBe('ZZZ');
  });
});
