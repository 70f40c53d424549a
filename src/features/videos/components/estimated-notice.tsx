import { Info, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const storageKey = 'viewpact.estimatedNotice.dismissed';

/** Spec §2: a dismissible notice that some videos may show estimated metrics; remembered once dismissed. */
export function EstimatedNotice() {
  const { t } = useTranslation('videos');
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(storageKey) === '1');
  if (dismissed) return null;
  return (
    <div role="note" className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
      <Info aria-hidden className="mt-0.5 size-5 shrink-0" />
      <p className="flex-1">{t('notice.text')}</p>
      <button
        type="button"
        aria-label={t('notice.dismiss')}
        onClick={() => {
          localStorage.setItem(storageKey, '1');
          setDismissed(true);
        }}
        className="-my-2.5 -mr-2.5 inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-amber-100 dark:hover:bg-amber-900"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
