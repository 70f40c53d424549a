import chatQr from 'virtual:chat-qr';

/** The community chat's QR code: an SVG drawn at build time (vite.config.ts), so no QR code library loads. */
export function ChatQr({ label }: { label: string }) {
  return <img src={chatQr} alt={label} width={112} height={112} loading="lazy" decoding="async" className="size-28 rounded-lg bg-white p-1" />;
}
