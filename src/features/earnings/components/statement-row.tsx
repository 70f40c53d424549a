import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useLanguage } from '@/i18n/use-language';
import { cn } from '@/lib/cn';
import { formatBaht, formatNumber } from '@/lib/format';
import type { Statement } from '../api/list-statements';
import { hasCertificate } from '../lib/certificate';
import { formatSatang } from '@/lib/format';
import { formatDay, formatMonth } from '@/lib/months';
import { CertificateButton } from './certificate-button';
import { MonthLines } from './month-lines';

/** Month | views | gross | WHT | net | status on a wide screen; stacked in two columns on a phone. */
export const statementGrid = 'grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-[minmax(9rem,1.3fr)_repeat(4,minmax(0,1fr))_minmax(11rem,1.5fr)] sm:items-baseline';

const tones = { paid: 'success', due: 'warning', carried_over: 'neutral' } as const;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="sm:text-right">
      <dt className="text-xs text-slate-600 sm:sr-only dark:text-slate-400">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

type RowProps = { statement: Statement; userId: string; profileName: string; minimumSatang: number | undefined };

/** One closed month: its figures and status, opening onto its campaigns and videos. */
export function StatementRow({ statement, userId, profileName, minimumSatang }: RowProps) {
  const { t } = useTranslation('earnings');
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const month = formatMonth(statement.month, language);
  const money = (satang: number) => formatSatang(satang, language);
  const carried = statement.status === 'carried_over';

  return (
    <li>
      <dl className={cn(statementGrid, 'px-4 py-4')}>
        <div className="col-span-2 sm:col-span-1">
          <dt className="sr-only">{t('statements.columns.month')}</dt>
          <dd>
            <button
              type="button"
              aria-expanded={open}
              aria-controls={panelId}
              aria-label={t('statements.details', { month })}
              onClick={() => setOpen(!open)}
              className="-mx-2 -my-1 inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 py-1 text-left font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <ChevronDown aria-hidden className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} />
              {month}
            </button>
          </dd>
        </div>
        <Figure label={t('statements.columns.views')} value={formatNumber(statement.views, language)} />
        <Figure label={t('statements.columns.gross')} value={money(statement.gross_satang)} />
        <Figure label={t('statements.columns.wht')} value={carried ? '—' : money(statement.wht_satang)} />
        <Figure label={t('statements.columns.net')} value={carried ? '—' : money(statement.net_satang)} />
        <div className="col-span-2 space-y-1.5 sm:col-span-1">
          <dt className="sr-only">{t('statements.columns.status')}</dt>
          <dd>
            <Badge tone={tones[statement.status]}>
              {carried
                ? statement.carried_to
                  ? t('statements.carriedTo', { month: formatMonth(statement.carried_to, language) })
                  : t('statements.carriedNext')
                : t(`statements.status.${statement.status}`)}
            </Badge>
          </dd>
          <dd className="text-xs text-slate-600 dark:text-slate-400">
            {statement.status === 'paid' && statement.paid_on && (
              <>
                {t('statements.paidOn', { date: formatDay(statement.paid_on, language) })}
                {statement.reference && <> · {t('statements.reference', { reference: statement.reference })}</>}
              </>
            )}
            {statement.status === 'due' && t('statements.dueNote')}
            {carried && minimumSatang !== undefined && t('statements.carriedNote', { minimum: formatBaht(minimumSatang / 100, language) })}
            {!carried && statement.carried_in_satang > 0 && <span className="block">{t('statements.carriedIn', { amount: money(statement.carried_in_satang) })}</span>}
          </dd>
          {hasCertificate(statement) && (
            <dd>
              <CertificateButton statement={statement} userId={userId} profileName={profileName} />
            </dd>
          )}
        </div>
      </dl>
      <div id={panelId} hidden={!open} className="border-t border-slate-200 bg-slate-50 px-4 py-4 dark:border-slate-800 dark:bg-slate-950/40">
        {open && <MonthLines userId={userId} month={statement.month} />}
      </div>
    </li>
  );
}
