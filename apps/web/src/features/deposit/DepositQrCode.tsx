import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * The deposit address as a QR code for a wallet app to scan. Drawn as SVG text (no canvas needed)
 * and shown as an image with a text alternative naming what it encodes.
 */
export function DepositQrCode({ value, alt }: { value: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch((error: unknown) => console.error('QR code could not be drawn', error));
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <div className="flex size-48 shrink-0 items-center justify-center rounded-lg bg-white p-2">
      {src ? <img src={src} alt={alt} width={176} height={176} /> : null}
    </div>
  );
}
