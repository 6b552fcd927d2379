import 'react';

// Lets components set CSS custom properties (e.g. Sonner's `--width`) through `style` without casts.
declare module 'react' {
  interface CSSProperties {
    [key: `--${string}`]: string | number | undefined;
  }
}
