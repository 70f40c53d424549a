import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserRow } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { pageArgs, toKeysetPage, type KeysetPage } from '@/lib/paging';
import { supabase } from '@/lib/supabase';
import { adminKeys, adminPageSize, type UserListFilter } from './keys';

export type AdminUserPage = KeysetPage<AdminUserRow> & { rows: AdminUserRow[]; searched: boolean };

/**
 * Spec §5: the search runs from 3 characters (or empty). admin_list_users() applies the same
 * rule, so a shorter text lists everyone; the console does not even ask for it.
 */
export const searchReady = (text: string) => text.trim().length === 0 || text.trim().length >= 3;

/** admin_list_users(): a page of users, newest first (keyset: src/lib/paging.ts), with the total. */
export async function listUsers(filter: UserListFilter): Promise<AdminUserPage> {
  const { data, error } = await supabase().rpc('admin_list_users', {
    p_search: filter.search.trim(),
    p_type: filter.type,
    ...pageArgs(filter.page),
    p_limit: adminPageSize,
  });
  if (error) throw toAppError(error, 'users_load_failed');
  const page = toKeysetPage(data, adminPageSize, (row) => row.id);
  return { ...page, rows: page.data, searched: data.searched };
}

export const usersQueryOptions = (filter: UserListFilter) =>
  queryOptions({ queryKey: adminKeys.users(filter), queryFn: () => listUsers(filter), placeholderData: keepPreviousData });

export const useUsers = (filter: UserListFilter) => useQuery(usersQueryOptions(filter));
