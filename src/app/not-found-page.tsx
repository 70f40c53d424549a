import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center focus:outline-none">
      <p aria-hidden className="text-7xl font-extrabold text-brand-700 dark:text-brand-500">
        404
      </p>
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="max-w-md text-slate-600 dark:text-slate-300">{t('notFound.description')}</p>
      <Link to={paths.home.getHref()} className={buttonClasses({ size: 'lg', className: 'mt-2' })}>
        {t('notFound.home')}
      </Link>
    </main>
  );
}
