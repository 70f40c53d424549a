import { CalendarCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useLanguage } from '@/i18n/use-language';
import { formatDateTime, formatNumber } from '@/lib/format';
import { errorText } from '@/lib/notify';
import { useCloseMonth, type CloseMonthResult } from '../api/close-month';
import { useMonthCloses } from '../api/list-month-closes';
import { formatMonth, recentMonths } from '@/lib/months';
import { MonthSelect } from './month-select';
import { cell, PaymentsSection, PaymentsTable } from './payments-table';
import { useLoadErrorToast } from './use-load-error';

/** Months an admin may pick: the last two years, ending last month (the current month is not over). */
const closableMonths = () => recentMonths(24, -1);

function CloseResult({ result }: { result: CloseMonthResult }) {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const values = { month: formatMonth(result.month, language), entries: formatNumber(result.entries, language), payouts: formatNumber(result.payouts, language) };
  return (
    <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100">
      {result.already_closed ? t('admin.close.alreadyClosed', { ...values, date: formatDateTime(result.closed_at, language) }) : t('admin.close.closed', values)}
    </p>
  );
}

function ClosedMonths() {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const closes = useMonthCloses(page);
  useLoadErrorToast(closes, t('admin.close.loadFailed'));
  const data = closes.data;
  return (
    <PaymentsSection id="closed-months-title" title={t('admin.close.historyTitle')}>
      <PaymentsTable
        caption={t('admin.close.historyTitle')}
        loaded={Boolean(data)}
        failed={closes.isError}
        empty={data?.rows.length === 0}
        loadingText={t('admin.close.loading')}
        emptyText={t('admin.close.empty')}
        dimmed={closes.isPlaceholderData}
        page={page}
        totalPages={data?.totalPages}
        onPage={setPage}
        columns={[
          { label: t('admin.close.columns.month') },
          { label: t('admin.close.columns.closedAt'), className: 'hidden sm:table-cell' },
          { label: t('admin.close.columns.entries'), align: 'right' },
          { label: t('admin.close.columns.payouts'), align: 'right' },
        ]}
      >
        {data?.rows.map((close) => {
          const when = `${formatDateTime(close.closed_at, language)} · ${close.closed_by ? t('admin.close.byAdmin') : t('admin.close.byScheduler')}`;
          return (
            <tr key={close.month} className="align-top">
              <th scope="row" className={`${cell} font-normal`}>
                <span className="block font-semibold">{formatMonth(close.month, language)}</span>
                <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{when}</span>
              </th>
              <td className={`${cell} hidden sm:table-cell`}>{when}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatNumber(close.entries, language)}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatNumber(close.payouts, language)}</td>
            </tr>
          );
        })}
      </PaymentsTable>
    </PaymentsSection>
  );
}

/**
 * Closing a month by hand (the scheduler closes last month on the 1st): pick it, confirm,
 * and read what the close wrote, or why the database refused.
 */
export function CloseMonthSection() {
  const { t } = useTranslation(['payments', 'common']);
  const language = useLanguage();
  const months = closableMonths();
  const [month, setMonth] = useState(months[0]);
  const [confirming, setConfirming] = useState(false);
  const close = useCloseMonth();
  const monthName = formatMonth(month, language);
  return (
    <div className="space-y-8">
      <PaymentsSection id="close-month-title" title={t('admin.close.title')} text={t('admin.close.text')}>
        <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <MonthSelect
              label={t('admin.close.month')}
              months={months}
              value={month}
              onChange={(next) => {
                setMonth(next);
                close.reset();
              }}
              className="sm:w-64"
            />
            <Button onClick={() => setConfirming(true)} disabled={close.isPending}>
              <CalendarCheck aria-hidden className="size-4" />
              {close.isPending ? t('admin.close.closing') : t('admin.close.submit')}
            </Button>
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">{t('admin.close.auto')}</p>
          {close.data && <CloseResult result={close.data} />}
          {close.isError && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/50 dark:text-red-200">
              {errorText(close.error)}
            </p>
          )}
        </div>
      </PaymentsSection>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent closeLabel={t('common:actions.close')}>
          <DialogTitle className="pr-8 text-lg font-semibold">{t('admin.close.confirmTitle', { month: monthName })}</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('admin.close.confirmText', { month: monthName })}</DialogDescription>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{t('common:actions.cancel')}</Button>
            </DialogClose>
            <Button
              onClick={() => {
                setConfirming(false);
                close.mutate({ month });
              }}
            >
              {t('admin.close.submit')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      <ClosedMonths />
    </div>
  );
}
