import type { BriefStatus } from '@/lib/database';

export const opportunityKeys = {
  all: ['opportunities'] as const,
  list: (filter: { status?: BriefStatus | 'all'; limit?: number; brandId?: string }) => [...opportunityKeys.all, 'list', filter] as const,
  /** The Opportunities page's list, a page at a time (an infinite query). */
  pages: (filter: { status?: BriefStatus | 'all'; brandId?: string }) => [...opportunityKeys.all, 'pages', filter] as const,
  /** One brief, read by id when a link names one that is not among the pages loaded. */
  detail: (briefId: string | undefined) => [...opportunityKeys.all, 'detail', briefId] as const,
  joined: (creatorId: string | undefined) => [...opportunityKeys.all, 'joined', creatorId] as const,
  /** The pages of one brand search (search_brands), by the normalised text searched. */
  brands: (search: string) => [...opportunityKeys.all, 'brands', search] as const,
  /** The brand's own briefs, for the dashboard's Brief card to pick from. */
  own: (brandId: string | undefined) => [...opportunityKeys.all, 'own', brandId] as const,
  /** The brand's briefs that have a budget (the dashboard's budget cards). */
  budgeted: (brandId: string | undefined) => [...opportunityKeys.all, 'budgeted', brandId] as const,
  /** One brief's spend against its budget (brief_budget_history). */
  budget: (briefId: string) => [...opportunityKeys.all, 'budget', briefId] as const,
  /** The pages of a brand's creators (brand_creators). */
  creators: (brandId: string | undefined, filter: { briefId?: string; creatorId?: string } = {}) => [...opportunityKeys.all, 'creators', brandId, filter] as const,
};

/**
 * The queries that show what briefs spent against their budgets: the listings (budget left,
 * "Budget reached"), one brief's listing and its budget card; those of one brief where it has
 * its own, else all. A review, an exclusion or a measurement changes them.
 */
export const briefSpendKeys = (briefId?: string | null) =>
  [
    [...opportunityKeys.all, 'list'],
    [...opportunityKeys.all, 'pages'],
    briefId ? opportunityKeys.detail(briefId) : [...opportunityKeys.all, 'detail'],
    briefId ? opportunityKeys.budget(briefId) : [...opportunityKeys.all, 'budget'],
  ] as const;
