import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/i18n/use-language';
import { formatDateTime } from '@/lib/format';

type UpdatedNoteProps = {
  /** When the figures shown were read from the server (milliseconds since the epoch). */
  at: number;
  /** The last refresh failed: the figures shown are older ones (cached on the device). */
  failed?: boolean;
  retrying?: boolean;
  onRetry?: () => void;
};

/** Under figures that may come from the device's cache: when they were last updated, and Try again when a refresh failed. */
export function UpdatedNote({ at, failed = false, retrying = false, onRetry }: UpdatedNoteProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const time = formatDateTime(at, language);
  if (!failed) return <p className="text-xs text-slate-500 dark:text-slate-400">{t('updated.at', { time })}</p>;
  return (
    <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-amber-800 dark:text-amber-300">
      <p>{t('updated.stale', { time })}</p>
      {onRetry && (
        <Button variant="ghost" size="sm" disabled={retrying} onClick={onRetry}>
          <RefreshCw aria-hidden className={retrying ? 'size-4 animate-spin' : 'size-4'} />
          {t('actions.retry')}
        </Button>
      )}
    </div>
  );
}
