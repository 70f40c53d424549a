import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLedgerRules } from '@/features/metrics/api/get-ledger-rules';
import { PageHero } from './page-hero';
import { useContentValues } from './use-content-values';
import { useHashTarget } from './use-hash-target';

type LegalSection = { title: string; body?: string[]; list?: string[]; after?: string[] };

/** Terms of Service and Privacy Policy: hero, contents, numbered sections. */
export function LegalDocument({ doc }: { doc: 'terms' | 'privacy' }) {
  const { t } = useTranslation('content');
  const values = useContentValues();
  // The counting window the terms quote is ledger_rules' (a dash until it loads, as the prices).
  const { data: rules } = useLedgerRules();
  const countingWindow = rules ? t('counting.duration.days', { count: rules.count_window_days }) : '—';
  useHashTarget();
  // Section order is the order of the keys in the locale file.
  const sections = Object.entries(t(`${doc}.sections`, { returnObjects: true, ...values, countingWindow }) as Record<string, LegalSection>);
  const tocId = `${doc}-toc`;

  return (
    <>
      <PageHero narrow title={t(`${doc}.title`)} lead={t(`${doc}.lead`)} />

      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <nav aria-labelledby={tocId} className="rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900/60">
          <h2 id={tocId} className="text-base font-semibold text-slate-900 dark:text-white">
            {t('legal.tocLabel')}
          </h2>
          <ol className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {sections.map(([key, section], index) => (
              <li key={key}>
                <a href={`#${key}`} className="text-slate-700 underline-offset-4 hover:text-brand-700 hover:underline dark:text-slate-300 dark:hover:text-brand-100">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-12 space-y-12">
          {sections.map(([key, section], index) => (
            <section key={key} id={key} aria-labelledby={`${key}-title`} className="scroll-mt-20">
              <h2 id={`${key}-title`} className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-4 space-y-4 leading-relaxed text-slate-700 dark:text-slate-300">
                {section.body?.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {section.list && (
                  <ul className="list-disc space-y-2 pl-6 marker:text-brand-600 dark:marker:text-brand-500">
                    {section.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                )}
                {section.after?.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {key === 'contact' && (
                  <p>
                    <a
                      href={`mailto:${values.email}`}
                      className="inline-flex items-center gap-2 font-semibold break-all text-brand-700 underline-offset-4 hover:underline dark:text-brand-100"
                    >
                      <Mail aria-hidden className="size-5 shrink-0" />
                      {values.email}
                    </a>
                  </p>
                )}
              </div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
