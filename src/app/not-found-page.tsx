import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <Link to="/" className="font-semibold text-brand-700 underline underline-offset-4">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
