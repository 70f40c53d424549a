import { CloudOff, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * What a list shows when its request failed (offline, server down): that it could not load,
 * and Try again. Never the list's empty state, which would say there is nothing.
 */
export function LoadFailed({ title, onRetry, retrying = false }: { title?: string; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
      <CloudOff aria-hidden className="size-8 text-slate-400" />
      <p className="font-semibold">{title ?? t('loadFailed.list')}</p>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('loadFailed.hint')}</p>
      <Button variant="secondary" size="sm" disabled={retrying} onClick={onRetry}>
        <RefreshCw aria-hidden className={retrying ? 'size-4 animate-spin' : 'size-4'} />
        {t('actions.retry')}
      </Button>
    </div>
  );
}
