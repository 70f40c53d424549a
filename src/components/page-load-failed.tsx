import { CloudOff, RefreshCw, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

type PageLoadFailedProps = {
  /** The browser is offline: the page loads by itself once it is back (src/app/lazy-page.tsx). */
  offline: boolean;
  retrying: boolean;
  onRetry: () => void;
  /** Drawn without a frame around it (no header or navigation): the page's own landmark and heading. */
  fullScreen?: boolean;
};

/**
 * What a page shows in its place when its code could not be fetched (offline, a new
 * deployment): that it did not load, why when the browser knows (offline), Try again, and
 * Reload for a deployment that replaced the code. The header and navigation around it stay.
 * Its texts are the common ones, which load with the app.
 */
export function PageLoadFailed({ offline, retrying, onRetry, fullScreen = false }: PageLoadFailedProps) {
  const { t } = useTranslation();
  const Heading = fullScreen ? 'h1' : 'h2';
  const body = (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
      <CloudOff aria-hidden className="size-8 text-slate-400" />
      <Heading className="text-lg font-semibold">{t('pageLoadFailed.title')}</Heading>
      <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">{t(offline ? 'pageLoadFailed.offline' : 'pageLoadFailed.hint')}</p>
      <div className="mt-1 flex flex-wrap justify-center gap-3">
        <Button disabled={retrying} onClick={onRetry}>
          <RefreshCw aria-hidden className={cn('size-4', retrying && 'animate-spin')} />
          {t('actions.retry')}
        </Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden className="size-4" />
          {t('crash.reload')}
        </Button>
      </div>
    </div>
  );
  if (!fullScreen) return body;
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center px-4 focus:outline-none">
      {body}
    </main>
  );
}
