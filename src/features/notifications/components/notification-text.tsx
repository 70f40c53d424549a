import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/cn';
import { useLanguage } from '@/i18n/use-language';
import { formatWhen } from '../lib/when';

/**
 * A notification's words as a list shows them: unread ones lead with a dot and a bold title,
 * and say "Unread" to screen readers (never by colour alone).
 */
export function NotificationText({ title, body, createdAt, unread, compact = false }: { title: string; body: string; createdAt: string; unread: boolean; compact?: boolean }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  return (
    <span className="flex min-w-0 flex-1 items-start gap-2.5">
      <span aria-hidden className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', unread ? 'bg-brand-700 dark:bg-brand-300' : 'bg-transparent')} />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm', unread ? 'font-bold text-slate-900 dark:text-white' : 'font-medium text-slate-700 dark:text-slate-300')}>
          {unread && <span className="sr-only">{t('notificationList.unread')}: </span>}
          {title}
        </span>
        <span className={cn('block text-sm text-slate-600 dark:text-slate-400', compact && 'line-clamp-2')}>{body}</span>
        <time dateTime={createdAt} title={formatDateTime(createdAt, language)} className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">
          {formatWhen(createdAt, language)}
        </time>
      </span>
    </span>
  );
}
