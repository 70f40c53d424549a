import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';

export default function HomePage() {
  const { t } = useTranslation(['marketing', 'common']);
  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4">
        <span className="flex items-center gap-2 text-lg font-bold text-brand-700 dark:text-brand-500">
          {t('common:appName')}
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">{t('common:beta')}</span>
        </span>
        <LanguageSwitch />
      </header>
      <main className="mx-auto max-w-3xl px-4 py-16 text-center sm:py-24">
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{t('hero.title')}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 dark:text-slate-300">{t('hero.subtitle')}</p>
        <Link
          to="/login"
          className="mt-10 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
        >
          {t('hero.signIn')}
        </Link>
      </main>
    </div>
  );
}
