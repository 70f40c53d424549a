import '@/i18n/content';
import { CircleHelp, Eye, LifeBuoy, Mail, Rocket, Scale, Wallet, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { CountingRules } from '../components/content/counting-rules';
import { FaqItem } from '../components/content/faq-item';
import { PageHero } from '../components/content/page-hero';
import { useHashTarget } from '../components/content/use-hash-target';
import { useContentValues } from '../components/content/use-content-values';

type HelpGroup = { title: string; questions: Record<string, { q: string; a: string[] }> };

// The order of the topics on the page; each one's questions follow the locale file.
const groups = [
  ['payments', Wallet],
  ['views', Eye],
  ['start', Rocket],
  ['account', CircleHelp],
] as const satisfies readonly (readonly [string, LucideIcon])[];

// The counting rules follow the questions about views (not "counting": that is a question's id).
const countingRules = 'counting-rules';
const topics = [...groups.slice(0, 2), [countingRules, Scale], ...groups.slice(2)] as const;

export default function HelpPage() {
  const { t } = useTranslation('content');
  const values = useContentValues();
  const mailto = `mailto:${values.email}`;
  useHashTarget();

  return (
    <>
      <PageHero narrow eyebrow={t('help.eyebrow')} title={t('help.title')} lead={t('help.lead')}>
        <nav aria-label={t('help.topicsLabel')} className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {topics.map(([key, Icon]) => (
              <li key={key}>
                <Link
                  to={{ hash: key }}
                  className="inline-flex min-h-10 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:border-brand-500 hover:text-brand-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-brand-500 dark:hover:text-brand-100"
                >
                  <Icon aria-hidden className="size-4" />
                  {key === countingRules ? t('counting.nav') : t(`help.groups.${key}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>

      <div className="mx-auto max-w-3xl space-y-14 px-4 py-16 sm:py-20">
        {topics.map(([key, Icon]) => {
          if (key === countingRules) return <CountingRules key={key} id={key} />;
          const group = t(`help.groups.${key}`, { returnObjects: true, ...values }) as HelpGroup;
          return (
            <section key={key} id={key} aria-labelledby={`${key}-title`} className="scroll-mt-20">
              <h2 id={`${key}-title`} className="flex items-center gap-3 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-800/40 dark:text-brand-100">
                  <Icon aria-hidden className="size-5" />
                </span>
                {group.title}
              </h2>
              <div className="mt-6 space-y-3">
                {Object.entries(group.questions).map(([id, { q, a }]) => (
                  <FaqItem key={id} id={id} question={q} answers={a}>
                    {id === 'counting' && (
                      <p>
                        <Link to={{ hash: countingRules }} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-100">
                          {t('counting.seeRules')}
                        </Link>
                      </p>
                    )}
                    {id === 'contact' && (
                      <p>
                        <a href={mailto} className="inline-flex items-center gap-2 font-semibold break-all text-brand-700 underline-offset-4 hover:underline dark:text-brand-100">
                          <Mail aria-hidden className="size-5 shrink-0" />
                          {values.email}
                        </a>
                      </p>
                    )}
                  </FaqItem>
                ))}
              </div>
            </section>
          );
        })}

        <section
          aria-labelledby="help-contact-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
        >
          <LifeBuoy aria-hidden className="mx-auto size-10 text-brand-700 dark:text-brand-100" />
          <h2 id="help-contact-title" className="mt-4 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
            {t('help.contact.title')}
          </h2>
          <p className="mx-auto mt-3 max-w-md text-slate-600 dark:text-slate-300">{t('help.contact.text')}</p>
          <a href={mailto} className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
            <Mail aria-hidden className="size-5" />
            {t('help.contact.button')}
          </a>
          <p className="mt-3 text-sm break-all text-slate-600 dark:text-slate-300">{values.email}</p>
        </section>
      </div>
    </>
  );
}
