import type { FraudSignal } from '@/lib/database';

/** What a list of the console shows: its search, filter and page (pages start at 1). */
export type UserListFilter = { search: string; type: 'all' | 'creator' | 'brand' | 'admin'; page: number };
export type VideoListFilter = { search: string; signal: 'all' | FraudSignal | 'any'; sort: 'newest' | 'signals'; page: number };

export const fraudSignals = ['views_per_like', 'view_jump', 'low_engagement', 'not_owner', 'burst_posting', 'duplicate_claim', 'handle_changed'] as const satisfies readonly FraudSignal[];

export const adminKeys = {
  all: ['admin'] as const,
  users: (filter: UserListFilter) => [...adminKeys.all, 'users', filter] as const,
  user: (userId: string) => [...adminKeys.all, 'user', userId] as const,
  videos: (filter: VideoListFilter) => [...adminKeys.all, 'videos', filter] as const,
  audit: (page: number) => [...adminKeys.all, 'audit', page] as const,
  invites: () => [...adminKeys.all, 'invites'] as const,
};

/** Rows a page of the console shows (spec §9: 10). */
export const adminPageSize = 10;
