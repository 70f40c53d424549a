import { Bell, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { renderNotification } from '@shared/notifications/render.ts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/use-auth';
import { useLanguage } from '@/i18n/use-language';
import { paths } from '@/lib/paths';
import { useLatestNotifications } from '../api/get-notifications';
import { unreadCountCap, useUnreadCount } from '../api/get-unread-count';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { NotificationText } from './notification-text';

/** The header's bell: the unread count, and a menu of the latest notifications (loaded when it opens). */
export function NotificationsButton() {
  const { t } = useTranslation(['dashboard', 'common']);
  const language = useLanguage();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(user?.id);
  const latest = useLatestNotifications(user?.id, open);
  const mark = useMarkNotificationsRead(user?.id);
  const count = unread.data ?? 0;
  const many = count >= unreadCountCap;
  const label = count === 0 ? t('notificationsButton') : many ? t('notificationsButtonMany') : t('notificationsButtonUnread', { count });
  const items = latest.data ?? [];
  const anyUnread = count > 0 || items.some((item) => !item.read_at);

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger
        aria-label={label}
        className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Bell aria-hidden className="size-5" />
        {count > 0 && (
          <span
            aria-hidden
            className="absolute top-1 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white dark:ring-slate-900"
          >
            {many ? '9+' : count}
          </span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-[min(22rem,calc(100vw-1rem))]">
        <DropdownMenuLabel>{t('notificationList.menuLabel')}</DropdownMenuLabel>
        {latest.isPending ? (
          <p role="status" className="flex items-center gap-2 px-2.5 py-3 text-sm text-slate-600 dark:text-slate-400">
            <Spinner /> {t('common:loading')}
          </p>
        ) : latest.isError ? (
          <p role="alert" className="px-2.5 py-3 text-sm text-red-700 dark:text-red-400">
            {t('notificationList.loadFailed')}
          </p>
        ) : items.length === 0 ? (
          <p className="px-2.5 py-3 text-sm text-slate-600 dark:text-slate-400">{t('empty.notificationsTitle')}</p>
        ) : (
          items.map((item) => {
            const text = renderNotification(language, item.type, item.params, { zone: 'reader' });
            const isUnread = !item.read_at;
            return (
              <DropdownMenuItem key={item.id} asChild className="items-start py-2">
                <Link to={text.link} onClick={() => isUnread && mark.mutate([item.id])}>
                  <NotificationText title={text.title} body={text.body} createdAt={item.created_at} unread={isUnread} compact />
                </Link>
              </DropdownMenuItem>
            );
          })
        )}
        <DropdownMenuSeparator />
        {anyUnread && (
          <DropdownMenuItem
            disabled={mark.isPending}
            onSelect={(event) => {
              // The menu stays open: the reader sees the list turn read.
              event.preventDefault();
              mark.mutate(null);
            }}
          >
            <CheckCheck aria-hidden className="size-4" />
            {t('notificationList.markAllRead')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild>
          <Link to={paths.dashboard.notifications.getHref()}>{t('notificationList.seeAll')}</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
