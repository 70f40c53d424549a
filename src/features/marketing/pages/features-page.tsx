import '@/i18n/content';
import {
  ArrowRight,
  Gauge,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { brandBenefits, creatorBenefits, howItWorksSteps } from '../components/benefits';
import { StepsList } from '../components/steps-list';
import { CtaBand } from '../components/content/cta-band';
import { FeatureCard } from '../components/content/feature-card';
import { PageHero } from '../components/content/page-hero';
import { PriceCard } from '../components/content/price-card';
import { SectionHeading } from '../components/content/section-heading';
import { useContentValues } from '../components/content/use-content-values';
import { useHashTarget } from '../components/content/use-hash-target';
import { paths } from '@/lib/paths';

const brandPoints = ['upfront', 'billing', 'scope'] as const;
const creatorPoints = ['free', 'payout', 'visible'] as const;

export default function FeaturesPage() {
  const { t } = useTranslation('content');
  const values = useContentValues();
  useHashTarget();

  return (
    <>
      <PageHero eyebrow={t('features.eyebrow')} title={t('features.title')} lead={t('features.lead')}>
        <nav aria-label={t('features.jumpLabel')} className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to={{ hash: 'for-brands' }} className={buttonClasses({ size: 'lg' })}>
            {t('features.jumpBrands')}
          </Link>
          <Link to={{ hash: 'for-creators' }} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            {t('features.jumpCreators')}
          </Link>
        </nav>
      </PageHero>

      <section id="for-brands" aria-labelledby="for-brands-title" className="scroll-mt-16 py-16 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-14">
          <div>
            <SectionHeading id="for-brands-title" eyebrow={t('features.brands.eyebrow')} title={t('features.brands.title')} lead={t('features.brands.lead')} />
            <div className="mt-8">
              <PriceCard
                highlighted
                label={t('features.brands.priceLabel')}
                price={values.brandRate}
                per={t('features.brands.pricePer')}
                points={brandPoints.map((point) => t(`features.brands.points.${point}`))}
              />
            </div>
            <Link to={paths.auth.register.getHref({ type: 'brand' })} className={buttonClasses({ size: 'lg', className: 'mt-6 w-full sm:w-auto' })}>
              {t('features.brands.cta')}
              <ArrowRight aria-hidden className="size-5" />
            </Link>
          </div>
          <ul className="grid content-start gap-5 sm:grid-cols-2">
            {brandBenefits.map(([key, icon]) => (
              <FeatureCard key={key} icon={icon} title={t(`features.brands.items.${key}.title`)} text={t(`features.brands.items.${key}.text`, values)} />
            ))}
          </ul>
        </div>
      </section>

      <section id="for-creators" aria-labelledby="for-creators-title" className="scroll-mt-16 bg-slate-50 py-16 sm:py-20 dark:bg-slate-900/50">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-14">
          <div className="lg:order-last">
            <SectionHeading
              id="for-creators-title"
              eyebrow={t('features.creators.eyebrow')}
              title={t('features.creators.title')}
              lead={t('features.creators.lead')}
            />
            <div className="mt-8">
              <PriceCard
                label={t('features.creators.priceLabel')}
                price={values.creatorRate}
                per={t('features.creators.pricePer')}
                points={creatorPoints.map((point) => t(`features.creators.points.${point}`))}
              />
            </div>
            <Link to={paths.auth.register.getHref({ type: 'creator' })} className={buttonClasses({ size: 'lg', className: 'mt-6 w-full sm:w-auto' })}>
              {t('features.creators.cta')}
              <ArrowRight aria-hidden className="size-5" />
            </Link>
          </div>
          <ul className="grid content-start gap-5 sm:grid-cols-2">
            {creatorBenefits.map(([key, icon]) => (
              <FeatureCard key={key} icon={icon} title={t(`features.creators.items.${key}.title`)} text={t(`features.creators.items.${key}.text`, values)} />
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="steps-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <SectionHeading id="steps-title" centered eyebrow={t('features.steps.eyebrow')} title={t('features.steps.title')} />
        <StepsList steps={howItWorksSteps.map((step) => ({ title: t(`features.steps.items.${step}.title`), text: t(`features.steps.items.${step}.text`) }))} />

        <div
          className={cn(
            'mt-12 flex flex-col gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-6 sm:flex-row sm:items-start sm:gap-5',
            'dark:border-brand-800/60 dark:bg-brand-800/20',
          )}
        >
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 dark:bg-slate-900 dark:text-brand-100">
            <Gauge aria-hidden className="size-6" />
          </span>
          <div>
            <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{t('features.measured.title')}</h3>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{t('features.measured.text')}</p>
            <Link
              to={paths.help.getHref('views')}
              className="mt-3 inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-100"
            >
              {t('features.measured.link')}
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          </div>
        </div>
      </section>

      <CtaBand id="features-cta-title" title={t('features.cta.title')} text={t('features.cta.text')} to={paths.auth.register.getHref()} button={t('features.cta.button')} />
    </>
  );
}
