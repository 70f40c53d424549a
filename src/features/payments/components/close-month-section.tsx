import { CalendarCheck, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useLanguage } from '@/i18n/use-language';
import { formatDateTime, formatNumber } from '@/lib/format';
import { AppError, isErrorCode } from '@/lib/errors';
import { errorText } from '@/lib/notify';
import { isFinished, useCloseMonth, useCloseRun, type CloseRun } from '../api/close-month';
import { useMonthCloses } from '../api/list-month-closes';
import { formatMonth, recentMonths } from '@/lib/months';
import { MonthSelect } from './month-select';
import { cell, PaymentsSection, PaymentsTable } from './payments-table';
import { useLoadErrorToast } from './use-load-error';

/** Months an admin may pick: the last two years, ending last month (the current month is not over). */
const closableMonths = () => recentMonths(24, -1);

const notice = 'rounded-lg px-3 py-2 text-sm font-medium';

/** Where the close the page follows is: waiting, running (since when), done with its counts, or failed with why. */
function CloseProgress({ run }: { run: CloseRun }) {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const month = formatMonth(run.month, language);
  if (run.status === 'failed') {
    return (
      <p role="alert" className={`${notice} bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-200`}>
        {t('admin.close.failed', { month, reason: errorText(new AppError(isErrorCode(run.error_code) ? run.error_code : 'internal_error', run.error_code ?? undefined)) })}
      </p>
    );
  }
  if (!isFinished(run)) {
    return (
      <p role="status" className={`${notice} flex items-center gap-2 bg-sky-50 text-sky-900 dark:bg-sky-950/40 dark:text-sky-100`}>
        <Loader2 aria-hidden className="size-4 shrink-0 animate-spin motion-reduce:animate-none" />
        {run.status === 'queued'
          ? t('admin.close.queued', { month })
          : t('admin.close.running', { month, time: formatDateTime(run.started_at ?? run.requested_at, language) })}
      </p>
    );
  }
  const values = { month, entries: formatNumber(run.entries ?? 0, language), payouts: formatNumber(run.payouts ?? 0, language) };
  return (
    <p role="status" className={`${notice} bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100`}>
      {run.already_closed && run.closed_at ? t('admin.close.alreadyClosed', { ...values, date: formatDateTime(run.closed_at, language) }) : t('admin.close.closed', values)}
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
 * Closing a month by hand (the scheduler closes last month on the 1st): pick it, confirm, and
 * follow the close, which the scheduler carries out outside the request, to what it wrote or
 * why it failed. A close already running when the page opens is followed too.
 */
export function CloseMonthSection() {
  const { t } = useTranslation(['payments', 'common']);
  const language = useLanguage();
  const months = closableMonths();
  const [month, setMonth] = useState(months[0]);
  const [confirming, setConfirming] = useState(false);
  const close = useCloseMonth();
  const followed = useCloseRun(close.data);
  const run = followed.data ?? undefined;
  const busy = close.isPending || (run !== undefined && !isFinished(run));
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
            <Button onClick={() => setConfirming(true)} disabled={busy}>
              <CalendarCheck aria-hidden className="size-4" />
              {busy ? t('admin.close.closing') : t('admin.close.submit')}
            </Button>
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">{t('admin.close.auto')}</p>
          {run && <CloseProgress run={run} />}
          {close.isError && (
            <p role="alert" className={`${notice} bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-200`}>
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
