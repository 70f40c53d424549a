import { RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { OfflineNotice } from '@/components/offline-notice';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

/**
 * What any route shows when it cannot be drawn (a render error, a frame whose code failed to
 * load): a translated message with Reload, never a blank page. `framed`: in place of a page
 * inside the dashboard's or the public pages' frame, which stays with its navigation; else the
 * whole screen. Its texts are the common ones, which load with the app, so it speaks even when
 * a page's own texts did not arrive. A page whose code did not load says so itself (lazy-page.tsx).
 */
export function ErrorPage({ framed = false }: { framed?: boolean }) {
  const { t } = useTranslation('common');
  const error = useRouteError();
  useEffect(() => console.error('A page failed:', error), [error]);
  const Heading = framed ? 'h2' : 'h1';
  const content = (
    <>
      <Heading className="text-2xl font-bold">{t('crash.title')}</Heading>
      <p className="max-w-md text-slate-600 dark:text-slate-300">{t('crash.description')}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden className="size-5" />
          {t('crash.reload')}
        </Button>
        <Link to={paths.home.getHref()} reloadDocument className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          {t('crash.home')}
        </Link>
      </div>
    </>
  );
  const classes = 'flex flex-col items-center justify-center gap-4 px-4 text-center';
  if (framed) return <div className={cn(classes, 'py-12')}>{content}</div>;
  return (
    <>
      <main id="main" tabIndex={-1} className={cn(classes, 'min-h-dvh focus:outline-none')}>
        {content}
      </main>
      <OfflineNotice />
    </>
  );
}
