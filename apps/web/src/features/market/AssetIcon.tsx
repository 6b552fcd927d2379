import { useState } from 'react';
import { cn } from '@/lib/utils';

export interface AssetIconProps {
  /** The asset's symbol ('EURUSD'); it names the icon and chooses its colour. */
  symbol: string;
  /** The asset's own image; null (or a broken link) shows the generated icon. */
  image?: string | null;
  /** Side in px. */
  size?: number;
  className?: string;
}

/** Up to two letters for the generated icon: the symbol's first letters or digits. */
export function assetInitials(symbol: string): string {
  const letters = symbol.replace(/[^a-z0-9]/gi, '').toUpperCase();
  return letters.slice(0, 2) || '?';
}

/** A stable hue (0-359) for a symbol, so an instrument keeps its colour everywhere. */
export function assetHue(symbol: string): number {
  let hash = 0;
  for (const ch of symbol.toUpperCase()) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return hash % 360;
}

/** An asset's image, or initials on a colour derived from its symbol when it has none. */
export function AssetIcon({ symbol, image, size = 24, className }: AssetIconProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (image && broken !== image) {
    return (
      <img
        src={image}
        alt=""
        width={size}
        height={size}
        style={style}
        className={cn('shrink-0 rounded-full object-cover', className)}
        onError={() => setBroken(image)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="asset-icon"
      style={{ ...style, backgroundColor: `hsl(${assetHue(symbol)} 55% 38%)`, fontSize: size * 0.4 }}
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white',
        className,
      )}
    >
      {assetInitials(symbol)}
    </span>
  );
}
