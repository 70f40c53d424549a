import { fraudSignals, type UserListFilter, type VideoListFilter } from '@/features/admin/api/keys';

export const adminTabs = ['users', 'content', 'payments', 'audit', 'invites'] as const;
export type AdminTab = (typeof adminTabs)[number];

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);
const pageOf = (value: string | null) => Math.max(1, Number.parseInt(value ?? '1', 10) || 1);

/** Parameters at these values are left out of the address. */
export const adminDefaults: Record<string, string> = { tab: 'users', q: '', type: 'all', page: '1', vq: '', signal: 'all', sort: 'newest', vpage: '1' };

/**
 * What the admin console shows, from its address: the tab, and each list's search, filter and
 * page. The page and its route's prefetch read it alike, so both ask for the same lists.
 */
export function adminView(search: URLSearchParams) {
  const tab = oneOf<AdminTab>(search.get('tab'), adminTabs, 'users');
  const users: UserListFilter = {
    search: search.get('q') ?? '',
    type: oneOf(search.get('type'), ['all', 'creator', 'brand', 'admin'] as const, 'all'),
    page: pageOf(search.get('page')),
  };
  const content: VideoListFilter = {
    search: search.get('vq') ?? '',
    signal: oneOf(search.get('signal'), ['all', 'any', ...fraudSignals] as const, 'all'),
    sort: oneOf(search.get('sort'), ['newest', 'signals'] as const, 'newest'),
    page: pageOf(search.get('vpage')),
  };
  return { tab, users, content };
}
