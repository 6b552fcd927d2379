import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner } from 'sonner';
import { useResolvedTheme } from '@/stores/themeStore';

/**
 * SPEC §9 toast figures. Sonner's own defaults already match two of them (3 visible, 45 px swipe
 * threshold, which Sonner does not expose as a prop), but we state every figure here so a library
 * upgrade that changes a default cannot silently change the product.
 */
export const TOAST_DEFAULTS = {
  durationMs: 4000,
  visibleToasts: 3,
  position: 'bottom-right',
  widthPx: 356,
  swipeThresholdPx: 45,
} as const;

type ToasterProps = ComponentProps<typeof Sonner>;

export function Toaster(props: ToasterProps) {
  // Sonner follows the page's theme (the device's choice, 'system' resolved the way the page does).
  const theme = useResolvedTheme();
  const { t } = useTranslation('common');
  return (
    <Sonner
      theme={theme}
      containerAriaLabel={t('toasts.region')}
      richColors
      closeButton
      position={TOAST_DEFAULTS.position}
      duration={TOAST_DEFAULTS.durationMs}
      visibleToasts={TOAST_DEFAULTS.visibleToasts}
      swipeDirections={['right', 'bottom']}
      style={{ '--width': `${TOAST_DEFAULTS.widthPx}px` }}
      toastOptions={{
        closeButtonAriaLabel: t('toasts.close'),
        // i18n-ignore: class names
        classNames: { toast: 'font-sans text-sm', description: 'text-xs' },
      }}
      {...props}
    />
  );
}
