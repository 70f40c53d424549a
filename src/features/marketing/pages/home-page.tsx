import {
  BadgeCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { homePathFor } from '@/features/auth/api/redirects';
import { useAuth } from '@/features/auth/api/use-auth';
import { brandBenefits, creatorBenefits, howItWorksSteps } from '../components/benefits';
import { StepsList } from '../components/steps-list';
import { SectionHeading } from '../components/content/section-heading';
import { usePrices } from '@/features/metrics/api/use-prices';
import { PhoneMockup } from '../components/phone-mockup';
import { paths } from '@/lib/paths';
import { isMessageKey } from '@/lib/message-key';
import { Phrases } from '@/components/phrases';

// The landing figures of spec §1, the one set used everywhere (docs/spec-conformance.md).
const stats = [
  { value: '100+', key: 'creators' },
  { value: '150+', key: 'brands' },
  { value: '21', key: 'beta' },
  { value: '57M+', key: 'views' },
] as const;

function BenefitGrid({ items, prefix }: { items: readonly (readonly [string, LucideIcon])[]; prefix: 'brands' | 'creators' }) {
  const { t } = useTranslation();
  // The key is built from the list; isMessageKey narrows it to a real key (a missing one shows as itself).
  const text = (key: string) => (isMessageKey(key) ? t(key) : key);
  return (
    <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(([key, Icon]) => (
        <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-800/40 dark:text-brand-100">
            <Icon aria-hidden className="size-6" />
          </span>
          <h3 className="mt-4 text-lg font-semibold">{text(`marketing:${prefix}.items.${key}.title`)}</h3>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{text(`marketing:${prefix}.items.${key}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}

export default function HomePage() {
  const { t } = useTranslation(['marketing', 'common']);
  const { session, userType } = useAuth();
  const prices = usePrices();

  // Spec: a signed-in user on / goes to the dashboard of their type.
  if (session) return <Navigate to={homePathFor(userType)} replace />;

  return (
    <>
      <section className="relative overflow-hidden">
        <div aria-hidden className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-gradient-to-b from-brand-50 to-white dark:from-brand-800/20 dark:to-slate-950" />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:py-20 lg:grid-cols-[1.15fr_1fr]">
          <div className="text-center lg:text-left">
            <p className="text-sm font-semibold text-brand-700 dark:text-brand-100">{t('hero.eyebrow')}</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              <Phrases text={t('hero.title')} />
            </h1>
            <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-slate-600 lg:mx-0 dark:text-slate-300">{t('hero.subtitle')}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center lg:justify-start">
              <Link to={session ? homePathFor(userType) : paths.auth.signup.getHref()} className={buttonClasses({ size: 'lg' })}>
                {t('hero.getStarted')}
              </Link>
              <Link to={paths.auth.signup.getHref({ type: 'brand' })} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
                {t('hero.startBrand')}
              </Link>
              <Link to={paths.auth.signup.getHref({ type: 'creator' })} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
                {t('hero.joinCreator')}
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t('hero.noUpfront')}</p>
          </div>
          <PhoneMockup />
        </div>
      </section>

      <section aria-label={t('stats.label')} className="border-y border-slate-200 bg-slate-900 text-white dark:border-slate-800">
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 text-center sm:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.key}>
              <dt className="text-sm text-slate-300">{t(`stats.${stat.key}`)}</dt>
              <dd className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="brands-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <SectionHeading id="brands-title" centered eyebrow={t('brands.eyebrow')} title={t('brands.title')} />
        <BenefitGrid items={brandBenefits} prefix="brands" />
      </section>

      <section aria-labelledby="creators-title" className="bg-slate-50 py-16 sm:py-24 dark:bg-slate-900/50">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="creators-title" centered eyebrow={t('creators.eyebrow')} title={t('creators.title')} />
          <BenefitGrid items={creatorBenefits} prefix="creators" />
        </div>
      </section>

      <section aria-labelledby="steps-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <SectionHeading id="steps-title" centered eyebrow={t('steps.eyebrow')} title={t('steps.title')} />
        <StepsList steps={howItWorksSteps.map((step) => ({ title: t(`steps.items.${step}.title`), text: t(`steps.items.${step}.text`) }))} />
      </section>

      <section aria-labelledby="pricing-title" className="bg-slate-50 py-16 sm:py-24 dark:bg-slate-900/50">
        <div className="mx-auto max-w-5xl px-4">
          <SectionHeading id="pricing-title" centered eyebrow={t('pricing.eyebrow')} title={t('pricing.title')} lead={t('pricing.subtitle')} />
          <div className="mt-12 grid gap-6 md:grid-cols-2">
            {(['brand', 'creator'] as const).map((side) => (
              <div
                key={side}
                className={
                  side === 'brand'
                    ? 'rounded-2xl bg-brand-700 p-8 text-white shadow-lg'
                    : 'rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900'
                }
              >
                <h3 className="text-lg font-semibold">{t(`pricing.${side}Title`)}</h3>
                <p className="mt-4 flex items-baseline gap-2">
                  <span className="text-5xl font-extrabold tracking-tight">{side === 'brand' ? prices.brandRate : prices.creatorRate}</span>
                  <span className={side === 'brand' ? 'text-brand-100' : 'text-slate-600 dark:text-slate-300'}>{t(`pricing.${side}Per`)}</span>
                </p>
                <ul className="mt-6 space-y-3">
                  {(['one', 'two', 'three'] as const).map((point) => (
                    <li key={point} className="flex gap-3">
                      <BadgeCheck aria-hidden className={side === 'brand' ? 'size-5 shrink-0 text-brand-100' : 'size-5 shrink-0 text-brand-700 dark:text-brand-100'} />
                      <span>{t(`pricing.${side}Points.${point}`)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          <p className="mt-8 text-center text-slate-600 dark:text-slate-300">
            {t('pricing.example', {
              brand: prices.exampleBrand,
              creator: prices.exampleCreator,
            })}
          </p>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <div className="rounded-3xl bg-gradient-to-br from-brand-700 to-brand-800 px-6 py-14 text-center text-white shadow-xl sm:px-12">
          <Users aria-hidden className="mx-auto size-10 text-brand-100" />
          <h2 className="mt-4 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
            <Phrases text={t('cta.title')} />
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">{t('cta.text')}</p>
          <Link to={paths.auth.register.getHref()} className={buttonClasses({ variant: 'inverse', size: 'lg', className: 'mt-8' })}>
            {t('cta.button')}
          </Link>
        </div>
      </section>
    </>
  );
}
