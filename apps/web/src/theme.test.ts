import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Read from disk: Vitest hands CSS imports (even `?raw`) over empty.
const css = readFileSync(join(import.meta.dirname, 'index.css'), 'utf8');

/**
 * WCAG AA for the theme tokens in index.css, in both themes: every text colour on every surface,
 * every coloured fill with its foreground, and form-field outlines and the focus ring at 3:1.
 */
function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`index.css has no "${selector} {" block`);
  const body = css.slice(start, css.indexOf('}', start));
  const vars: Record<string, string> = {};
  for (const m of body.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g))
    vars[m[1] as string] = m[2] as string;
  return vars;
}

/** A token's colour; a missing token fails the test that reads it. */
function tok(theme: Record<string, string>, name: string): string {
  const value = theme[name];
  if (value === undefined) throw new Error(`index.css has no --${name}`);
  return value;
}

/** `a` mixed into `b` at `share` (0..1), channel by channel. */
function mix(a: string, b: string, share: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const out = [0, 1, 2].map((i) => Math.round(channel(a, i) * share + channel(b, i) * (1 - share)));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const v = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const dark = block(':root[data-theme="dark"]');
const light = { ...dark, ...block(':root[data-theme="light"]') };
const SURFACES = ['background', 'card', 'popover', 'muted', 'chart'] as const;
const TEXT = [
  'foreground',
  'muted-foreground',
  'primary',
  'buy',
  'sell',
  'destructive',
  'success',
  'warning',
  'info',
] as const;
const FILLS = ['primary', 'buy', 'sell', 'destructive', 'success', 'warning'] as const;
const OUTLINES = ['input', 'ring'] as const;

/** The ratio table quoted in index.css (`DEBUG_CONTRAST=1` prints it). */
function table(theme: Record<string, string>): string[] {
  const rows: string[] = [];
  for (const text of TEXT) {
    rows.push(
      `text-${text}: ${SURFACES.map((s) => `${s} ${contrast(tok(theme, text), tok(theme, s)).toFixed(2)}`).join(', ')}`,
    );
  }
  for (const fill of FILLS) {
    rows.push(
      `bg-${fill} text-${fill}-foreground: ${contrast(tok(theme, fill), tok(theme, `${fill}-foreground`)).toFixed(2)}`,
    );
  }
  return rows;
}

describe.each([
  ['dark', dark],
  ['light', light],
])('the %s theme', (_name, theme) => {
  it('defines every token it is checked on', () => {
    for (const t of [...SURFACES, ...TEXT, ...FILLS, ...OUTLINES]) expect(theme[t], t).toMatch(/^#/);
    for (const f of FILLS) expect(theme[`${f}-foreground`], f).toMatch(/^#/);
  });

  it.each(TEXT)('text-%s reaches 4.5:1 on every surface', (text) => {
    for (const surface of SURFACES) {
      expect(contrast(tok(theme, text), tok(theme, surface)), `${text} on ${surface}`).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it.each(TEXT.filter((t) => !t.includes('foreground')))(
    'text-%s still reaches 4.5:1 on its own 10–20%% tint (chips: bg-x/15 text-x)',
    (text) => {
      for (const surface of ['background', 'card', 'popover'] as const) {
        for (const share of [0.1, 0.15, 0.2]) {
          const tint = mix(tok(theme, text), tok(theme, surface), share);
          expect(
            contrast(tok(theme, text), tint),
            `${text} on ${share} over ${surface}`,
          ).toBeGreaterThanOrEqual(4.5);
        }
      }
    },
  );

  it.each(FILLS)('bg-%s with its foreground reaches 4.5:1', (fill) => {
    expect(contrast(tok(theme, fill), tok(theme, `${fill}-foreground`))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(OUTLINES)('%s reaches 3:1 against the surfaces fields sit on', (outline) => {
    for (const surface of ['background', 'card', 'popover'] as const) {
      expect(
        contrast(tok(theme, outline), tok(theme, surface)),
        `${outline} on ${surface}`,
      ).toBeGreaterThanOrEqual(3);
    }
  });

  it('soft status text reaches 4.5:1 on its tinted toast/alert surface', () => {
    for (const k of ['success', 'info', 'warning', 'destructive'] as const) {
      // The toasts tint the popover with 16% of the status colour (an sRGB mix approximates oklab's).
      const surface = mix(tok(theme, k), tok(theme, 'popover'), 0.16);
      expect(contrast(tok(theme, `${k}-soft`), surface), k).toBeGreaterThanOrEqual(4.5);
    }
  });
});

if (process.env.DEBUG_CONTRAST) {
  console.log(['dark', ...table(dark), 'light', ...table(light)].join('\n'));
}
