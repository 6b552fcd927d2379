import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SimpleIcon } from 'simple-icons';
import { cn } from '@/lib/utils';
import { currencyFlag } from './currencyFlags';

/** What an icon needs to know of an instrument; everything but the symbol is optional. */
export interface InstrumentLike {
  /** 'EURUSD', 'BTCUSD', 'AAPL', 'SAP.DE', 'XAUUSD', 'US500'. */
  symbol: string;
  type?: string | null;
  base_currency?: string | null;
  quote_currency?: string | null;
  /** The instrument's own image, when staff set one; it wins over the generated icon. */
  image?: string | null;
}

export interface InstrumentIconProps {
  instrument: InstrumentLike;
  /** Side in px. */
  size?: number;
  className?: string;
}

/** Precious and base metals quoted like currencies: a coloured disc with the element's symbol. */
const METALS: Readonly<Record<string, { element: string; color: string }>> = {
  XAU: { element: 'Au', color: '#d4a72c' },
  XAG: { element: 'Ag', color: '#b8bcc4' },
  XPT: { element: 'Pt', color: '#9aa7b4' },
  XPD: { element: 'Pd', color: '#8c96a3' },
  XCU: { element: 'Cu', color: '#c07a45' },
};

/** One half of a pair's icon: a flag, a metal, or letters. */
export type BadgeSpec =
  | { kind: 'flag'; code: string; url: string }
  | { kind: 'metal'; code: string; element: string; color: string }
  | { kind: 'initials'; text: string; hue: number };

/** Where a brand mark may be found once the logos are loaded. */
export interface LogoCandidate {
  table: 'coin' | 'company';
  code: string;
}

export type IconSpec =
  | { kind: 'image'; url: string; fallback: IconSpec }
  | { kind: 'pair'; base: BadgeSpec; quote: BadgeSpec }
  | { kind: 'logo'; candidates: LogoCandidate[]; fallback: IconSpec }
  | { kind: 'initials'; text: string; hue: number };

/** A stable hue (0-359) for a symbol, so an instrument keeps its colour everywhere. */
export function symbolHue(symbol: string): number {
  let hash = 0;
  for (const ch of symbol.toUpperCase()) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return hash % 360;
}

/**
 * Up to three characters that tell instruments apart: an index's number ('US500' → '500', 'US30' →
 * '30'), else a ticker's first letters ('AAPL' → 'AAP', 'AAL' → 'AAL', 'SAP.DE' → 'SAP').
 */
export function instrumentInitials(symbol: string): string {
  const ticker = (symbol.split(/[./\s-]/).find((part) => part !== '') ?? '').replace(/[^a-z0-9]/gi, '');
  const upper = ticker.toUpperCase();
  const indexNumber = /^[A-Z]{1,3}(\d{2,4})$/.exec(upper);
  if (indexNumber?.[1]) return indexNumber[1].slice(0, 4);
  return upper.slice(0, 3) || '?';
}

const QUOTE_SUFFIXES = ['USDT', 'USDC', 'USD', 'EUR', 'BTC', 'ETH'] as const;

/** A coin's code from a pair symbol ('BTCUSD' → 'BTC'), or null. */
function coinOf(symbol: string): string | null {
  const upper = symbol.toUpperCase();
  for (const quote of QUOTE_SUFFIXES) {
    if (upper.endsWith(quote) && upper.length > quote.length) return upper.slice(0, -quote.length);
  }
  return null;
}

function badgeOf(code: string): BadgeSpec | null {
  const metal = METALS[code];
  if (metal) return { kind: 'metal', code, ...metal };
  const url = currencyFlag(code);
  return url ? { kind: 'flag', code, url } : null;
}

/** The two codes of a currency-like pair, from the catalogue's fields or a six-letter symbol. */
function pairCodes(instrument: InstrumentLike): [string, string] | null {
  const base = instrument.base_currency?.toUpperCase();
  const quote = instrument.quote_currency?.toUpperCase();
  if (base && quote) return [base, quote];
  const symbol = instrument.symbol.toUpperCase();
  return /^[A-Z]{6}$/.test(symbol) ? [symbol.slice(0, 3), symbol.slice(3)] : null;
}

/**
 * How to draw an instrument's icon. Currency pairs (and metals quoted in a currency) get their two
 * flags (or the metal) overlapping, so USD/JPY and USD/CHF look different; coins and companies their
 * brand mark where we have it; anything else initials on a colour of its own.
 */
export function iconSpecOf(instrument: InstrumentLike): IconSpec {
  const symbol = instrument.symbol;
  const type = instrument.type ?? null;
  const initials: IconSpec = { kind: 'initials', text: instrumentInitials(symbol), hue: symbolHue(symbol) };
  const withImage = (spec: IconSpec): IconSpec =>
    instrument.image ? { kind: 'image', url: instrument.image, fallback: spec } : spec;

  const codes = pairCodes(instrument);
  if (codes && (type === null || type === 'forex' || type === 'metals')) {
    const [base, quote] = codes;
    const baseBadge = badgeOf(base);
    const quoteBadge = badgeOf(quote);
    if (baseBadge && quoteBadge) return withImage({ kind: 'pair', base: baseBadge, quote: quoteBadge });
  }

  if (type === 'crypto') {
    const coin = instrument.base_currency?.toUpperCase() ?? coinOf(symbol);
    return withImage(
      coin ? { kind: 'logo', candidates: [{ table: 'coin', code: coin }], fallback: initials } : initials,
    );
  }
  if (type === 'stocks') {
    return withImage({
      kind: 'logo',
      candidates: [{ table: 'company', code: symbol.toUpperCase() }],
      fallback: initials,
    });
  }
  if (type === null) {
    // Only a symbol (a trade's asset_symbol): a company by its ticker, else a coin pair.
    const candidates: LogoCandidate[] = [{ table: 'company', code: symbol.toUpperCase() }];
    const coin = coinOf(symbol);
    if (coin) candidates.push({ table: 'coin', code: coin });
    return withImage({ kind: 'logo', candidates, fallback: initials });
  }
  return withImage(initials);
}

// The brand marks are a few hundred kilobytes of paths: their own chunk, loaded on first need.
type LogoModule = typeof import('./instrumentLogos');
let logoModule: LogoModule | null = null;
let logoLoad: Promise<LogoModule> | null = null;
const logoListeners = new Set<() => void>();

/** Loads the brand marks (once); resolves when icons can show them. */
export function loadInstrumentLogos(): Promise<LogoModule> {
  logoLoad ??= import('./instrumentLogos').then((module) => {
    logoModule = module;
    for (const listener of logoListeners) listener();
    return module;
  });
  return logoLoad;
}

function subscribeLogos(listener: () => void) {
  logoListeners.add(listener);
  return () => logoListeners.delete(listener);
}

function useLogoModule(wanted: boolean): LogoModule | null {
  const module = useSyncExternalStore(
    subscribeLogos,
    () => logoModule,
    () => null,
  );
  useEffect(() => {
    if (wanted && !logoModule) void loadInstrumentLogos();
  }, [wanted]);
  return module;
}

function findLogo(module: LogoModule, candidates: readonly LogoCandidate[]): SimpleIcon | null {
  for (const { table, code } of candidates) {
    const icon = table === 'coin' ? module.COIN_LOGOS[code] : module.COMPANY_LOGOS[code];
    if (icon) return icon;
  }
  return null;
}

/** Black or white, whichever reads better on a brand colour. */
function inkOn(hex: string): string {
  const n = Number.parseInt(hex, 16);
  const channel = (shift: number) => {
    const c = ((n >> shift) & 255) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return luminance > 0.35 ? '#0b0f17' : '#ffffff';
}

function Initials({
  text,
  hue,
  size,
  className,
}: {
  text: string;
  hue: number;
  size: number;
  className?: string;
}) {
  const scale = text.length <= 2 ? 0.4 : text.length === 3 ? 0.32 : 0.27;
  return (
    <span
      data-testid="asset-icon"
      style={{ width: size, height: size, backgroundColor: `hsl(${hue} 55% 30%)`, fontSize: size * scale }}
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold leading-none text-white',
        className,
      )}
    >
      {text}
    </span>
  );
}

function Badge({ badge, size, className }: { badge: BadgeSpec; size: number; className?: string }) {
  const style = { width: size, height: size };
  if (badge.kind === 'flag') {
    return (
      <img
        src={badge.url}
        alt=""
        data-flag={badge.code}
        width={size}
        height={size}
        style={style}
        className={cn('shrink-0 rounded-full object-cover', className)}
      />
    );
  }
  if (badge.kind === 'metal') {
    return (
      <span
        data-metal={badge.code}
        style={{ ...style, backgroundColor: badge.color, fontSize: size * 0.42 }}
        className={cn(
          'inline-flex shrink-0 items-center justify-center rounded-full font-bold leading-none text-[#1b1404]',
          className,
        )}
      >
        {badge.element}
      </span>
    );
  }
  return <Initials text={badge.text} hue={badge.hue} size={size} className={className} />;
}

function Logo({ icon, size, className }: { icon: SimpleIcon; size: number; className?: string }) {
  return (
    <span
      data-logo={icon.slug}
      style={{ width: size, height: size, backgroundColor: `#${icon.hex}` }}
      className={cn('inline-flex shrink-0 items-center justify-center rounded-full', className)}
    >
      <svg
        viewBox="0 0 24 24"
        width={size * 0.6}
        height={size * 0.6}
        fill={inkOn(icon.hex)}
        role="presentation"
      >
        <path d={icon.path} />
      </svg>
    </span>
  );
}

function SpecIcon({ spec, size, className }: { spec: IconSpec; size: number; className?: string }) {
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const logos = useLogoModule(
    spec.kind === 'logo' || (spec.kind === 'image' && spec.fallback.kind === 'logo'),
  );

  if (spec.kind === 'image') {
    if (brokenImage !== spec.url) {
      return (
        <img
          src={spec.url}
          alt=""
          width={size}
          height={size}
          style={{ width: size, height: size }}
          className={cn('shrink-0 rounded-full object-cover', className)}
          onError={() => setBrokenImage(spec.url)}
        />
      );
    }
    return <SpecIcon spec={spec.fallback} size={size} className={className} />;
  }
  if (spec.kind === 'pair') {
    const badge = Math.round(size * 0.7);
    return (
      <span
        data-pair={`${spec.base.kind === 'initials' ? spec.base.text : spec.base.code}/${
          spec.quote.kind === 'initials' ? spec.quote.text : spec.quote.code
        }`}
        style={{ width: size, height: size }}
        className={cn('relative inline-block shrink-0', className)}
      >
        <Badge badge={spec.base} size={badge} className="absolute start-0 top-0" />
        <Badge badge={spec.quote} size={badge} className="absolute end-0 bottom-0 ring-2 ring-card" />
      </span>
    );
  }
  if (spec.kind === 'logo') {
    const icon = logos ? findLogo(logos, spec.candidates) : null;
    if (icon) return <Logo icon={icon} size={size} className={className} />;
    return <SpecIcon spec={spec.fallback} size={size} className={className} />;
  }
  return <Initials text={spec.text} hue={spec.hue} size={size} className={className} />;
}

/**
 * An instrument's icon beside its symbol: two overlapping flags for a currency pair (a metal and a
 * flag for XAU/USD), the brand mark of a coin or company, else initials on a colour of its own.
 * Decorative: the symbol next to it names the instrument.
 */
export function InstrumentIcon({ instrument, size = 24, className }: InstrumentIconProps) {
  const spec = iconSpecOf(instrument);
  return (
    <span
      aria-hidden="true"
      data-testid="instrument-icon"
      className={cn('inline-flex shrink-0', className)}
      style={{ width: size, height: size }}
    >
      <SpecIcon spec={spec} size={size} />
    </span>
  );
}
