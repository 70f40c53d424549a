import type { FraudSignal } from '@/lib/database';
import { formatPageAt, type PageAt } from '@/lib/paging';

/** What a list of the console shows: its search, filter and place (src/lib/paging.ts). */
export type UserListFilter = { search: string; type: 'all' | 'creator' | 'brand' | 'admin'; page: PageAt };
export type VideoListFilter = { search: string; signal: 'all' | FraudSignal | 'any'; sort: 'newest' | 'signals'; page: PageAt };

export const fraudSignals = ['views_per_like', 'view_jump', 'low_engagement', 'not_owner', 'burst_posting', 'duplicate_claim', 'handle_changed'] as const satisfies readonly FraudSignal[];

export const adminKeys = {
  all: ['admin'] as const,
  users: (filter: UserListFilter) => [...adminKeys.all, 'users', { ...filter, page: formatPageAt(filter.page) }] as const,
  user: (userId: string) => [...adminKeys.all, 'user', userId] as const,
  videos: (filter: VideoListFilter) => [...adminKeys.all, 'videos', { ...filter, page: formatPageAt(filter.page) }] as const,
  audit: (at: PageAt) => [...adminKeys.all, 'audit', formatPageAt(at)] as const,
  invites: () => [...adminKeys.all, 'invites'] as const,
};

/** Rows a page of the console shows (spec §9: 10). */
export const adminPageSize = 10;
