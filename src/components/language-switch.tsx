import { useTranslation } from 'react-i18next';
import { languages } from '@/i18n';
import { cn } from '@/lib/cn';

/** The two-button en / th switch of the top navigation. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-label={t('language.label')} className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={i18n.resolvedLanguage === language}
          onClick={() => void i18n.changeLanguage(language)}
          className={cn(
            'min-h-11 min-w-11 rounded-md px-2.5 text-xs font-semibold uppercase md:min-h-8 md:min-w-0',
            i18n.resolvedLanguage === language ? 'bg-brand-700 text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
          )}
        >
          <span aria-hidden="true">{language}</span>
          <span className="sr-only">{t(`language.${language}`)}</span>
        </button>
      ))}
    </div>
  );
}
