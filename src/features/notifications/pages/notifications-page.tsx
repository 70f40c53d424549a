import { BellOff, CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { renderNotification } from '@shared/notifications/render.ts';
import { LoadFailed } from '@/components/load-failed';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/use-auth';
import { useLanguage } from '@/i18n/use-language';
import { formatPageAt, isFirstPage, parsePageAt, type PageAt } from '@/lib/paging';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { NotificationText } from '../components/notification-text';

/** /dashboard/notifications: every notification of the reader, newest first, 20 a page (?page=, src/lib/paging.ts). */
export default function NotificationsPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const language = useLanguage();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const at = parsePageAt(params.get('page'));
  const list = useNotifications(user?.id, at);
  const unread = useUnreadCount(user?.id);
  const mark = useMarkNotificationsRead(user?.id);
  const goTo = (next: PageAt) => setParams(isFirstPage(next) ? {} : { page: formatPageAt(next) });

  if (list.isPending) return <Spinner className="mx-auto size-8" />;
  if (list.isError && !list.data) return <LoadFailed title={t('notificationList.loadFailed')} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  const { data: items } = list.data;
  if (items.length === 0 && !list.data.hasPrevious && !list.data.hasNext) return <EmptyState icon={BellOff} title={t('empty.notificationsTitle')} description={t('empty.notificationsText')} />;
  const anyUnread = (unread.data ?? 0) > 0 || items.some((item) => !item.read_at);

  return (
    <div className="space-y-4">
      {anyUnread && (
        <div className="flex justify-end">
          <Button variant="secondary" size="sm" disabled={mark.isPending} onClick={() => mark.mutate(null)}>
            <CheckCheck aria-hidden className="size-4" />
            {t('notificationList.markAllRead')}
          </Button>
        </div>
      )}
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {items.map((item) => {
          const text = renderNotification(language, item.type, item.params, { zone: 'reader' });
          const isUnread = !item.read_at;
          return (
            <li key={item.id} className="flex flex-wrap items-center gap-2 px-4 py-3 sm:flex-nowrap">
              <Link
                to={text.link}
                onClick={() => isUnread && mark.mutate([item.id])}
                className="flex min-h-11 min-w-0 flex-1 rounded-lg hover:bg-slate-50 focus-visible:outline-2 dark:hover:bg-slate-800"
              >
                <NotificationText title={text.title} body={text.body} createdAt={item.created_at} unread={isUnread} />
              </Link>
              {isUnread && (
                <Button variant="ghost" size="sm" className="ml-auto" aria-label={t('notificationList.markReadLabel', { title: text.title })} disabled={mark.isPending} onClick={() => mark.mutate([item.id])}>
                  {t('notificationList.markRead')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <Pager at={at} page={list.data} onPage={goTo} />
    </div>
  );
}
