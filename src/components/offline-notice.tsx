import { Wifi, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useOnline } from '@/lib/online';

/** How long "Back online" stays once the connection is back. */
export const backOnlineMs = 4000;

/** The room the notice takes at the bottom of the screen, for the toasts to sit above it (src/app/themed-toaster.tsx). */
export const noticeHeightVariable = '--offline-notice-height';

/**
 * While the browser is offline, says so at the bottom of every page: what is on screen stays
 * and nothing is sent until the connection is back (the query client refuses an action started
 * offline: src/app/providers.tsx). Then "Back online" for a few seconds. At the bottom, where it
 * covers none of the header's controls; the toasts move up above it, and the page gets as much
 * room below its end, so nothing stays hidden under it.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  const [wasOnline, setWasOnline] = useState(online);
  const [backOnline, setBackOnline] = useState(false);
  if (online !== wasOnline) {
    setWasOnline(online);
    setBackOnline(online);
  }
  useEffect(() => {
    if (!backOnline) return;
    const timer = setTimeout(() => setBackOnline(false), backOnlineMs);
    return () => clearTimeout(timer);
  }, [backOnline]);

  const notice = useRef<HTMLDivElement>(null);
  const shown = !online || backOnline;
  useEffect(() => {
    const element = notice.current;
    const root = document.documentElement;
    if (!shown || !element) return;
    const measure = () => root.style.setProperty(noticeHeightVariable, `${Math.max(0, Math.ceil(window.innerHeight - element.getBoundingClientRect().top))}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(noticeHeightVariable);
    };
  }, [shown]);

  return (
    <>
      {/* The live region stays in the page, so that what appears in it is read out. */}
      <div role="status" className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center md:bottom-4 md:px-4">
        {shown && (
          <div
            ref={notice}
            className={cn(
              'pointer-events-auto flex w-full items-start gap-3 border-t px-4 py-3 text-sm shadow-lg md:max-w-xl md:rounded-xl md:border',
              online
                ? 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100'
                : 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50',
            )}
          >
            {online ? <Wifi aria-hidden className="mt-0.5 size-5 shrink-0" /> : <WifiOff aria-hidden className="mt-0.5 size-5 shrink-0" />}
            {online ? (
              <p className="font-semibold">{t('offline.back')}</p>
            ) : (
              <p>
                <strong className="font-semibold">{t('offline.title')}</strong> {t('offline.description')}
              </p>
            )}
          </div>
        )}
      </div>
      {/* Room below the page's end, as tall as the notice. */}
      {shown && <div aria-hidden style={{ height: `var(${noticeHeightVariable}, 0px)` }} />}
    </>
  );
}
