import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Previous / Next with 'Page X of Y'; nothing at all when everything fits on one page (spec §4). */
export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="mt-8 flex items-center justify-center gap-4">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden className="size-4" />
        {t('pagination.previous')}
      </Button>
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {t('pagination.pageOf', { page, total: totalPages })}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
        <ChevronRight aria-hidden className="size-4" />
      </Button>
    </nav>
  );
}
