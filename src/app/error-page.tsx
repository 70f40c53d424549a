import { RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/**
 * What any route shows when it cannot be drawn (a render error, a page's code that failed to
 * load): a translated page with Reload, never a blank one. Its texts are the common ones, which
 * load with the app, so it speaks even when a page's own texts did not arrive.
 */
export function ErrorPage() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  useEffect(() => console.error('A page failed:', error), [error]);
  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center focus:outline-none">
      <h1 className="text-2xl font-bold">{t('crash.title')}</h1>
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
    </main>
  );
}
