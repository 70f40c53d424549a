import { Eye, Pencil, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Pager } from '@/components/pager';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useLanguage } from '@/i18n/use-language';
import type { AdminUserRow } from '@/lib/database';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { firstPage } from '@/lib/paging';
import { errorText } from '@/lib/notify';
import type { UserListFilter } from '../api/keys';
import { searchReady, useUsers } from '../api/list-users';
import { AdminList } from './admin-list';
import { UserDetailDialog } from './user-detail-dialog';
import { UserEditDialog } from './user-edit-dialog';

const types = ['all', 'creator', 'brand', 'admin'] as const;

/** The name a list shows for a user: a brand's name (first_name), else first and last name, else the TikTok username. */
export function displayName(user: Pick<AdminUserRow, 'user_type' | 'first_name' | 'last_name' | 'tiktok_username'>, fallback: string) {
  const name = user.user_type === 'brand' ? user.first_name || user.last_name : [user.first_name, user.last_name].filter(Boolean).join(' ');
  return name?.trim() || (user.tiktok_username ? `@${user.tiktok_username}` : fallback);
}

/** How long typing may pause before the search runs. */
const typingPauseMs = 300;

/** The Users tab (spec §2): search from 3 characters, type chips, the table, First / Previous / Next / Last. */
export function UsersTab({ filter, onFilter }: { filter: UserListFilter; onFilter: (next: Partial<UserListFilter>) => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const hintId = useId();
  const [text, setText] = useState(filter.search);
  const users = useUsers(filter);
  const [viewing, setViewing] = useState<AdminUserRow>();
  const [editing, setEditing] = useState<AdminUserRow>();

  // Spec §5: the search runs once the text has 3 characters or more, or is empty.
  useEffect(() => {
    const query = text.trim();
    if (!searchReady(query) || query === filter.search) return;
    const timer = setTimeout(() => onFilter({ search: query, page: firstPage }), typingPauseMs);
    return () => clearTimeout(timer);
  }, [text, filter.search, onFilter]);

  useEffect(() => {
    if (users.isError) toast.error(errorText(users.error, 'users_load_failed'));
  }, [users.isError, users.error]);

  const page = users.data;
  const fallbackName = t('users.noName');
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="w-full lg:max-w-sm">
          <label htmlFor={`${hintId}-search`} className="mb-1 block text-sm font-medium">
            {t('users.searchLabel')}
          </label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
            <Input
              id={`${hintId}-search`}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={t('users.searchPlaceholder')}
              aria-describedby={hintId}
              className="pl-9"
            />
          </div>
          <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {t('users.searchHint')}
          </p>
        </div>
        <div role="group" aria-label={t('users.filtersLabel')} className="flex flex-wrap gap-2">
          {types.map((type) => (
            <button
              key={type}
              type="button"
              aria-pressed={filter.type === type}
              onClick={() => onFilter({ type, page: firstPage })}
              className={cn(
                'min-h-9 rounded-full border px-4 text-sm font-semibold transition-colors',
                filter.type === type
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
              )}
            >
              {t(`users.filters.${type}`)}
            </button>
          ))}
        </div>
      </div>

      <AdminList
        loaded={Boolean(page)}
        failed={users.isError}
        empty={page?.rows.length === 0}
        loadingText={t('users.loading')}
        emptyText={t('users.empty')}
        columns={[
          { label: t('users.columns.user') },
          { label: t('users.columns.type'), className: 'hidden sm:table-cell' },
          { label: t('users.columns.joined'), className: 'hidden sm:table-cell' },
          { label: t('users.columns.actions'), align: 'right' },
        ]}
      >
        {page?.rows.map((user) => {
          const name = displayName(user, fallbackName);
          return (
            <tr key={user.id}>
              <th scope="row" className="px-4 py-3 font-normal">
                <span className="block font-semibold text-slate-900 dark:text-white">{name}</span>
                <span className="block text-xs break-all text-slate-600 dark:text-slate-400">{user.email}</span>
                {/* On a phone the type and the date go under the name. */}
                <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">
                  {t(`users.types.${user.user_type}`)} · {formatDate(user.created_at, language)}
                </span>
                {user.suspended_at && (
                  <Badge tone="danger" className="mt-1">
                    {t('users.suspended')}
                  </Badge>
                )}
              </th>
              <td className="hidden px-4 py-3 sm:table-cell">{t(`users.types.${user.user_type}`)}</td>
              <td className="hidden px-4 py-3 whitespace-nowrap sm:table-cell">{formatDate(user.created_at, language)}</td>
              <td className="px-4 py-3">
                <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
                  <Button variant="secondary" size="sm" aria-label={t('users.viewLabel', { name })} onClick={() => setViewing(user)}>
                    <Eye aria-hidden className="size-4" />
                    {t('users.view')}
                  </Button>
                  <Button variant="secondary" size="sm" aria-label={t('users.editLabel', { name })} onClick={() => setEditing(user)}>
                    <Pencil aria-hidden className="size-4" />
                    {t('users.edit')}
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
      </AdminList>
      {page && <Pager at={filter.page} page={page} onPage={(next) => onFilter({ page: next })} />}
      <UserDetailDialog user={viewing} onClose={() => setViewing(undefined)} />
      <UserEditDialog user={editing} onClose={() => setEditing(undefined)} />
    </div>
  );
}
