import { Play } from 'lucide-react';
import { useState } from 'react';

const placeholder =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 90 160"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ede9fe"/><stop offset="1" stop-color="#e2e8f0"/></linearGradient></defs><rect width="90" height="160" fill="url(#g)"/><rect x="33" y="68" width="24" height="18" rx="3" fill="none" stroke="#a78bfa" stroke-width="2.5"/><path d="M57 73l7-4v16l-7-4z" fill="#a78bfa"/></svg>',
  );

/**
 * A video's picture filling its (positioned) box; a drawn stand-in when it has none or it does
 * not load (TikTok's picture addresses expire).
 */
export function VideoThumbnail({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  return <img src={!url || failed ? placeholder : url} alt="" loading="lazy" onError={() => setFailed(true)} className="absolute inset-0 size-full object-cover" />;
}

/** The round play mark of a thumbnail that plays the video when pressed (its button centres it). */
export function PlayMark() {
  return (
    <span className="relative flex size-14 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-lg">
      <Play aria-hidden className="ml-1 size-7 fill-current" />
    </span>
  );
}
