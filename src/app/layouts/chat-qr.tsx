import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code for a URL, drawn as SVG (loaded on its own so the landing page stays small). */
export default function ChatQr({ url, label }: { url: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#0f172a', light: '#ffffff' } })
      .then((markup) => alive && setSvg(markup))
      .catch(() => alive && setSvg(null));
    return () => {
      alive = false;
    };
  }, [url]);
  if (!svg) return <div className="size-28 rounded-lg bg-slate-100 dark:bg-slate-800" aria-hidden />;
  return <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label} className="size-28 rounded-lg bg-white p-1" />;
}
