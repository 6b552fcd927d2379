import { InstrumentIcon, type InstrumentLike } from './InstrumentIcon';

export interface AssetIconProps {
  /** The asset's symbol ('EURUSD'); it chooses the icon when nothing else is known. */
  symbol: string;
  /** The asset's own image; null (or a broken link) shows the generated icon. */
  image?: string | null;
  /** The asset type and currencies, when the caller has the catalogue entry. */
  type?: string | null;
  base?: string | null;
  quote?: string | null;
  /** Side in px. */
  size?: number;
  className?: string;
}

/** Up to two letters of a symbol (kept for callers that show a short code). */
export function assetInitials(symbol: string): string {
  const letters = symbol.replace(/[^a-z0-9]/gi, '').toUpperCase();
  return letters.slice(0, 2) || '?';
}

export { symbolHue as assetHue } from './InstrumentIcon';

/**
 * An asset's icon from its symbol (and, when given, its type and currencies): see `InstrumentIcon`.
 * Screens that hold the catalogue entry may pass it to `InstrumentIcon` directly.
 */
export function AssetIcon({ symbol, image, type, base, quote, size = 24, className }: AssetIconProps) {
  const instrument: InstrumentLike = {
    symbol,
    image: image ?? null,
    type: type ?? null,
    base_currency: base ?? null,
    quote_currency: quote ?? null,
  };
  return <InstrumentIcon instrument={instrument} size={size} className={className} />;
}
