import { Heart, MessageCircle, Music2, Play, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const clips = [
  { key: 'one', handle: '@nalinee.eats', brand: 'GlowLab', gradient: 'from-fuchsia-500 via-pink-500 to-orange-400' },
  { key: 'two', handle: '@ploy.moves', brand: 'FitFlex', gradient: 'from-violet-600 via-indigo-500 to-sky-400' },
  { key: 'three', handle: '@bangkok.bites', brand: 'Volt', gradient: 'from-emerald-500 via-teal-500 to-cyan-500' },
] as const;

/** An illustration of a short-video feed with paid partnerships: decorative, no figures. */
export function PhoneMockup() {
  const { t } = useTranslation('marketing');
  return (
    <div role="img" aria-label={t('phone.label')} className="relative mx-auto w-64 sm:w-72">
      <div aria-hidden className="absolute -inset-6 rounded-[3rem] bg-gradient-to-br from-brand-500/30 to-accent-500/30 blur-2xl" />
      <div aria-hidden className="relative h-[520px] overflow-hidden rounded-[2.75rem] border-[10px] border-slate-900 bg-slate-900 shadow-2xl sm:h-[560px]">
        <div className="absolute top-2 left-1/2 z-10 h-5 w-24 -translate-x-1/2 rounded-full bg-slate-900" />
        <div className="flex h-full flex-col gap-2 overflow-hidden">
          {clips.map((clip, index) => (
            <div key={clip.key} className={`relative flex min-h-[62%] flex-col justify-end bg-gradient-to-br p-4 text-white ${clip.gradient} ${index === 0 ? 'rounded-t-[2rem]' : ''}`}>
              <Play className="absolute top-1/2 left-1/2 size-12 -translate-x-1/2 -translate-y-1/2 fill-white/80 text-white/80" />
              <div className="absolute right-3 bottom-16 flex flex-col items-center gap-4">
                <Heart className="size-6" />
                <MessageCircle className="size-6" />
                <Share2 className="size-6" />
              </div>
              <span className="mb-2 w-fit rounded bg-black/30 px-2 py-0.5 text-[11px] font-semibold">
                {t('phone.sponsored')} · {clip.brand}
              </span>
              <p className="text-sm font-bold">{clip.handle}</p>
              <p className="mt-1 pr-10 text-sm leading-snug">{t(`phone.clips.${clip.key}`)}</p>
              <p className="mt-2 flex items-center gap-1 text-xs opacity-90">
                <Music2 className="size-3.5" /> {t('phone.sound')}
              </p>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
