import { useState } from 'react';
import { cn } from '@/lib/cn';
import { initials } from '@/lib/initials';

/** The brand's logo, or the first two letters of its name (spec §2; a Thai name's first consonants). */
export function BrandAvatar({ name, logo, className }: { name: string; logo: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  const base = cn('flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-xl', className);
  if (logo && !failed) return <img src={logo} alt="" onError={() => setFailed(true)} className={cn(base, 'object-cover')} />;
  return (
    <span aria-hidden className={cn(base, 'bg-brand-100 text-sm font-bold text-brand-800 uppercase dark:bg-brand-800/40 dark:text-brand-100')}>
      {initials(name, 2)}
    </span>
  );
}
