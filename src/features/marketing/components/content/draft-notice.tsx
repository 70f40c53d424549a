import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Says plainly that a legal text is a draft awaiting legal review (beta). */
export function DraftNotice() {
  const { t } = useTranslation('content');
  const id = useId();
  return (
    <div
      role="note"
      aria-labelledby={id}
      className="mt-8 flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-700/70 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-6 shrink-0 text-amber-700 dark:text-amber-300" />
      <div>
        <p id={id} className="font-bold">
          {t('legal.draftTitle')}
        </p>
        <p className="mt-1 text-sm text-amber-900 dark:text-amber-100">{t('legal.draftText')}</p>
      </div>
    </div>
  );
}
