import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useLanguage } from '@/i18n/use-language';
import { cn } from '@/lib/cn';
import type { BriefListing } from '@/lib/database';
import { formatBaht } from '@/lib/format';

/** Who looks at a brief: its creator-to-be, the brand that owns it, an admin, or anyone else (another brand). */
export type BriefViewer = 'creator' | 'owner' | 'admin' | 'other';

type Terms = Pick<BriefListing, 'brand_rate_satang' | 'creator_rate_satang' | 'budget_satang' | 'budget_remaining_satang' | 'budget_reached'>;

const baht = (satang: number, language: 'en' | 'th') => formatBaht(satang / 100, language);

/**
 * What the brief pays per 1,000 counted views, fixed when it was published: what a creator
 * earns, and for its own brand (and admins) also what the brand pays.
 */
export function useRateText(brief: Terms, viewer: BriefViewer): string | null {
  const { t } = useTranslation('opportunities');
  const language = useLanguage();
  if (brief.creator_rate_satang === null) return null;
  const creatorRate = baht(brief.creator_rate_satang, language);
  if (viewer === 'creator') return t('terms.rate.creator', { rate: creatorRate });
  if ((viewer === 'owner' || viewer === 'admin') && brief.brand_rate_satang !== null) {
    return t(`terms.rate.${viewer}`, { brandRate: baht(brief.brand_rate_satang, language), creatorRate });
  }
  return t('terms.rate.other', { rate: creatorRate });
}

/** "฿3,200 left of ฿5,000", or Budget reached; nothing when the brief has no budget. */
export function BudgetStatus({ brief, className }: { brief: Terms; className?: string }) {
  const { t } = useTranslation('opportunities');
  const language = useLanguage();
  if (brief.budget_satang === null) return null;
  if (brief.budget_reached) {
    return (
      <Badge tone="warning" className={className}>
        {t('terms.budgetReached')}
      </Badge>
    );
  }
  return (
    <span className={className}>
      {t('terms.budgetLeft', { left: baht(brief.budget_remaining_satang ?? brief.budget_satang, language), budget: baht(brief.budget_satang, language) })}
    </span>
  );
}

/** The rate and the budget on one line, for a list that has no room for more. */
export function TermsLine({ brief, viewer, className }: { brief: Terms; viewer: BriefViewer; className?: string }) {
  const rate = useRateText(brief, viewer);
  if (!rate && brief.budget_satang === null) return null;
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2 gap-y-1', className)}>
      {rate}
      {rate && brief.budget_satang !== null && <span aria-hidden>·</span>}
      <BudgetStatus brief={brief} />
    </p>
  );
}
