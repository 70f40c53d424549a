import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/i18n/use-language';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { pagePosition, pagerTargets, type KeysetPage, type PageAt, type PagerTargets } from '@/lib/paging';

/**
 * First, Previous, 'Page X of Y', Next and Last for a keyset list (src/lib/paging.ts): each
 * button goes to a place read from a row of this page, or from an end of the list, never by
 * counting off rows. A list too long to count says so ('Page 3 of 1,000+'); its pages reached
 * from the end are counted from the end ('Last page', 'Page 2 from the end'). Nothing at all
 * when the list fits on one page (spec §4). With `numbers`, the neighbouring page numbers are
 * buttons too (the admin's Content tab: up to 3 page numbers, spec §9).
 */
export function Pager({
  at,
  page,
  onPage,
  numbers = false,
  className,
}: {
  at: PageAt;
  page: KeysetPage<unknown>;
  onPage: (at: PageAt) => void;
  numbers?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!page.hasPrevious && !page.hasNext) return null;
  const position = pagePosition(at, page);
  const targets = pagerTargets(at, page);
  const total = `${formatNumber(position.totalPages, language)}${page.exact ? '' : '+'}`;
  const label =
    position.page !== undefined
      ? t('pagination.pageOf', { page: formatNumber(position.page, language), total })
      : position.fromEnd === 1
        ? t('pagination.lastPage')
        : t('pagination.fromEnd', { page: formatNumber(position.fromEnd ?? 1, language) });
  const go = (target: PageAt | undefined) => target && onPage(target);

  return (
    <nav aria-label={t('pagination.label')} className={cn('mt-8 flex flex-wrap items-center justify-center gap-2 sm:gap-3', className)}>
      <Button variant="secondary" size="sm" disabled={!targets.first} onClick={() => go(targets.first)} aria-label={t('pagination.first')} title={t('pagination.first')}>
        <ChevronsLeft aria-hidden className="size-4" />
      </Button>
      <Button variant="secondary" size="sm" disabled={!targets.previous} onClick={() => go(targets.previous)}>
        <ChevronLeft aria-hidden className="size-4" />
        {t('pagination.previous')}
      </Button>
      {numbers && position.page !== undefined ? (
        <>
          {pageNumbers(position.page, position.totalPages).map((number) => (
            <Button
              key={number}
              variant={number === position.page ? 'primary' : 'secondary'}
              size="sm"
              aria-current={number === position.page ? 'page' : undefined}
              aria-label={t('pagination.page', { page: number })}
              onClick={() => number !== position.page && go(numberTarget(number, position.page!, targets))}
            >
              {formatNumber(number, language)}
            </Button>
          ))}
          <p className="sr-only" aria-live="polite">
            {label}
          </p>
        </>
      ) : (
        <p className="px-1 text-center text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {label}
        </p>
      )}
      <Button variant="secondary" size="sm" disabled={!targets.next} onClick={() => go(targets.next)}>
        {t('pagination.next')}
        <ChevronRight aria-hidden className="size-4" />
      </Button>
      <Button variant="secondary" size="sm" disabled={!targets.last} onClick={() => go(targets.last)} aria-label={t('pagination.last')} title={t('pagination.last')}>
        <ChevronsRight aria-hidden className="size-4" />
      </Button>
    </nav>
  );
}

/** Up to 3 page numbers around the current page (spec §9). */
function pageNumbers(page: number, totalPages: number): number[] {
  const first = Math.max(1, Math.min(page - 1, totalPages - 2));
  return Array.from({ length: Math.min(3, totalPages) }, (_, index) => first + index).filter((number) => number <= Math.max(totalPages, page));
}

/**
 * Where a page number goes: the pages beside this one are read from its first or last row; a
 * number two pages away (only beside the first or the last page) by its number, which the
 * server reads from that nearer end, passing at most one page.
 */
function numberTarget(number: number, page: number, targets: PagerTargets): PageAt | undefined {
  if (number === page - 1) return targets.previous;
  if (number === page + 1) return targets.next;
  return { n: number };
}
