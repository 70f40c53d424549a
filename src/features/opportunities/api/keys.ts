import type { BriefStatus } from '@/lib/database';

export const opportunityKeys = {
  all: ['opportunities'] as const,
  list: (filter: { status?: BriefStatus | 'all'; limit?: number; brandId?: string }) => [...opportunityKeys.all, 'list', filter] as const,
  joined: (creatorId: string | undefined) => [...opportunityKeys.all, 'joined', creatorId] as const,
  brands: () => [...opportunityKeys.all, 'brands'] as const,
  first: (brandId: string | undefined) => [...opportunityKeys.all, 'first', brandId] as const,
  creators: (brandId: string | undefined) => [...opportunityKeys.all, 'creators', brandId] as const,
};
