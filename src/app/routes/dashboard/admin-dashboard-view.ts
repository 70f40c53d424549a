import { fraudSignals, type UserListFilter, type VideoListFilter } from '@/features/admin/api/keys';
import { parsePageAt } from '@/lib/paging';

export const adminTabs = ['users', 'content', 'payments', 'audit', 'invites'] as const;
export type AdminTab = (typeof adminTabs)[number];

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

/** Parameters at these values are left out of the address. */
export const adminDefaults: Record<string, string> = { tab: 'users', q: '', type: 'all', page: '1', vq: '', signal: 'all', sort: 'newest', vpage: '1' };

/**
 * What the admin console shows, from its address: the tab, and each list's search, filter and
 * place (src/lib/paging.ts). The page and its route's prefetch read it alike, so both ask for the same lists.
 */
export function adminView(search: URLSearchParams) {
  const tab = oneOf<AdminTab>(search.get('tab'), adminTabs, 'users');
  const users: UserListFilter = {
    search: search.get('q') ?? '',
    type: oneOf(search.get('type'), ['all', 'creator', 'brand', 'admin'] as const, 'all'),
    page: parsePageAt(search.get('page')),
  };
  const content: VideoListFilter = {
    search: search.get('vq') ?? '',
    signal: oneOf(search.get('signal'), ['all', 'any', ...fraudSignals] as const, 'all'),
    sort: oneOf(search.get('sort'), ['newest', 'signals'] as const, 'newest'),
    page: parsePageAt(search.get('vpage')),
  };
  return { tab, users, content };
}
