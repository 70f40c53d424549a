import '@/i18n/content';
import { Building2, Eye, HeartHandshake, Mail, Palette, Scale, ShieldCheck, Target, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { CtaBand } from '../components/content/cta-band';
import { FeatureCard } from '../components/content/feature-card';
import { PageHero } from '../components/content/page-hero';
import { SectionHeading } from '../components/content/section-heading';
import { useContentValues } from '../components/content/use-content-values';
import { paths } from '@/lib/paths';

// The one set of marketing figures used across the site (spec §1, landing stats).
const figures = [
  { value: '100+', key: 'creators' },
  { value: '150+', key: 'brands' },
  { value: '21', key: 'beta' },
  { value: '57M+', key: 'views' },
] as const;

const values = [
  ['honesty', Scale],
  ['fairness', HeartHandshake],
  ['creativity', Palette],
  ['trust', ShieldCheck],
] as const satisfies readonly (readonly [string, LucideIcon])[];

const purposes = [
  ['mission', Target],
  ['vision', Eye],
] as const satisfies readonly (readonly [string, LucideIcon])[];

export default function AboutPage() {
  const { t } = useTranslation('content');
  const { company, email } = useContentValues();

  return (
    <>
      <PageHero eyebrow={t('about.eyebrow')} title={t('about.title')} lead={t('about.lead')} />

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:py-20 md:grid-cols-2">
        {purposes.map(([key, Icon]) => (
          <Card key={key} className="p-6 sm:p-8">
            <section aria-labelledby={`${key}-title`}>
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white dark:bg-brand-600">
                <Icon aria-hidden className="size-6" />
              </span>
              <h2 id={`${key}-title`} className="mt-5 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
                {t(`about.${key}.title`)}
              </h2>
              <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{t(`about.${key}.text`)}</p>
            </section>
          </Card>
        ))}
      </div>

      <section aria-labelledby="values-title" className="bg-slate-50 py-16 sm:py-20 dark:bg-slate-900/50">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="values-title" centered title={t('about.values.title')} />
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {values.map(([key, icon]) => (
              <FeatureCard key={key} icon={icon} title={t(`about.values.items.${key}.title`)} text={t(`about.values.items.${key}.text`)} />
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="numbers-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <SectionHeading id="numbers-title" centered title={t('about.numbers.title')} />
        <dl className="mt-10 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
          {figures.map((figure) => (
            <div
              key={figure.key}
              className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <dt className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t(`about.numbers.${figure.key}`)}</dt>
              <dd className="text-3xl font-extrabold tracking-tight text-brand-700 sm:text-4xl dark:text-brand-100">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="team-title" className="mx-auto max-w-6xl px-4">
        <Card className="flex flex-col gap-5 p-6 sm:flex-row sm:items-start sm:p-8">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-800/40 dark:text-brand-100">
            <Building2 aria-hidden className="size-6" />
          </span>
          <div className="min-w-0">
            <h2 id="team-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
              {t('about.team.title')}
            </h2>
            <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{t('about.team.text', { company })}</p>
            <p className="mt-4 text-slate-700 dark:text-slate-300">
              {t('about.team.contact')}{' '}
              <a
                href={`mailto:${email}`}
                className="inline-flex items-center gap-1.5 font-semibold break-all text-brand-700 underline-offset-4 hover:underline dark:text-brand-100"
              >
                <Mail aria-hidden className="size-4 shrink-0" />
                {email}
              </a>
            </p>
          </div>
        </Card>
      </section>

      <CtaBand id="join-title" title={t('about.join.title')} text={t('about.join.text')} to={paths.auth.register.getHref()} button={t('about.join.button')} />
    </>
  );
}
