import type { Query, QueryFilters } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/keys';
import { earningsKeys } from '@/features/earnings/api/keys';
import { metricsKeys } from '@/features/metrics/api/keys';
import { briefSpendKeys, opportunityKeys } from '@/features/opportunities/api/keys';
import { paymentsKeys } from '@/features/payments/api/keys';
import { reviewKeys } from '@/features/reviews/api/keys';
import { videoKeys } from '@/features/videos/api/keys';

const not = (part: string) => (query: Query) => query.queryKey[1] !== part;

/**
 * Every query that shows money, or what money is made of (counted and pending views, reviews,
 * exclusions, budgets, statements, invoices, payouts): what a move of the money stamp re-reads.
 * Not the rates and rules (an operator's edit), a link's preview, payout details, bank lists or a
 * QR code, nor admin invites.
 */
export const moneyQueryFilters = (): QueryFilters[] => [
  { queryKey: metricsKeys.all },
  { queryKey: earningsKeys.all },
  { queryKey: videoKeys.all, predicate: not('preview') },
  { queryKey: reviewKeys.all },
  ...briefSpendKeys().map((queryKey) => ({ queryKey })),
  // The brand's budgeted briefs: another tab may have set a budget.
  { queryKey: [...opportunityKeys.all, 'budgeted'] },
  // The brand's creators, with each one's counted views and spend.
  { queryKey: [...opportunityKeys.all, 'creators'] },
  { queryKey: paymentsKeys.admin() },
  { queryKey: paymentsKeys.brandInvoiceLists() },
  { queryKey: adminKeys.all, predicate: not('invites') },
];
