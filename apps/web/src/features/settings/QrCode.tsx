import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The otpauth:// address as a QR code image for an authenticator app to scan. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { margin: 1, width: 192, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch((error: unknown) => console.error('QR code could not be drawn', error));
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <div className="flex size-48 items-center justify-center rounded-lg bg-white p-2">
      {src ? <img src={src} alt={label} width={176} height={176} /> : null}
    </div>
  );
}
