let supported: boolean | null = null;

/**
 * Whether this browser draws flag emoji as flags. Windows and machines without a colour emoji font
 * draw them as letter pairs or empty boxes, which look broken in a list of countries. A flag drawn on
 * a canvas in black comes out with coloured pixels only when a real flag glyph was used (the same
 * test the common flag-emoji polyfills use). Measured once per page.
 */
export function supportsFlagEmoji(): boolean {
  if (supported !== null) return supported;
  supported = false;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 24;
    canvas.height = 24;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return supported;
    ctx.fillStyle = '#000';
    ctx.textBaseline = 'top';
    ctx.font = '20px sans-serif';
    ctx.fillText('\u{1F1FA}\u{1F1F8}', 0, 0);
    const pixels = ctx.getImageData(0, 0, 24, 24).data;
    for (let i = 0; i < pixels.length; i += 4) {
      const [r = 0, g = 0, b = 0, a = 0] = [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]];
      if (a > 0 && (r !== g || g !== b)) {
        supported = true;
        break;
      }
    }
  } catch {
    supported = false;
  }
  return supported;
}

/** For tests: force the answer (null measures again). */
export function setFlagEmojiSupport(value: boolean | null): void {
  supported = value;
}
