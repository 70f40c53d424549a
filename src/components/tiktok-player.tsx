import { runtimeConfig } from '@/lib/config';
import { cn } from '@/lib/cn';

/** TikTok's embeddable player for a video id (the sandbox's stand-in in local mode), 9:16. */
export function TikTokPlayer({ videoId, title, autoplay = false, className }: { videoId: string; title: string; autoplay?: boolean; className?: string }) {
  const params = new URLSearchParams({ autoplay: autoplay ? '1' : '0', music_info: '1', description: '1', rel: '0' });
  return (
    <iframe
      title={title}
      src={`${runtimeConfig().tiktokPlayerUrl}/${videoId}?${params}`}
      className={cn('aspect-[9/16] w-full rounded-xl border-0 bg-black', className)}
      allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
      allowFullScreen
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
