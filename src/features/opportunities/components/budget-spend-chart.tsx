import { useTranslation } from 'react-i18next';
import { Bar, BarChart, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { useLanguage } from '@/i18n/use-language';
import { formatBaht, formatCount, formatDayMonth } from '@/lib/format';
import type { BudgetHistory } from '../api/get-budget-history';

type Point = { day: string; baht: number };

function DayTooltip({ active, payload }: TooltipContentProps) {
  const language = useLanguage();
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-md dark:border-slate-700 dark:bg-slate-900">
      <p className="font-semibold">{formatBaht(point.baht, language)}</p>
      <p className="text-slate-600 dark:text-slate-400">{formatDayMonth(point.day, language)}</p>
    </div>
  );
}

/**
 * The spend the budget admitted each day of the last 30 (Thailand time), as small bars. A
 * picture for sighted readers (role img with a summary); the card's figures say the rest.
 */
export function BudgetSpendChart({ days }: { days: BudgetHistory['days'] }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  // 'YYYY-MM-DD', a day in Thailand as the SQL buckets spend: formatDayMonth names that day on every clock.
  const points: Point[] = days.map(({ day, satang }) => ({ day, baht: satang / 100 }));
  const total = days.reduce((sum, { satang }) => sum + satang, 0) / 100;
  return (
    <div role="img" aria-label={t('brand.budgets.chartSummary', { total: formatBaht(total, language) })} className="h-28 w-full">
      <BarChart responsive accessibilityLayer={false} data={points} margin={{ top: 4, right: 4, bottom: 0, left: 0 }} style={{ width: '100%', height: '100%' }}>
        <XAxis
          dataKey="day"
          tickFormatter={(day: string) => formatDayMonth(day, language)}
          tick={{ fontSize: 10 }}
          interval="preserveStartEnd"
          minTickGap={36}
          tickLine={false}
        />
        <YAxis tickFormatter={(baht: number) => `฿${formatCount(baht)}`} tick={{ fontSize: 10 }} width={40} tickCount={3} allowDecimals={false} axisLine={false} tickLine={false} />
        <Tooltip content={DayTooltip} cursor={{ fill: 'rgba(109, 40, 217, 0.08)' }} />
        <Bar dataKey="baht" fill="#6d28d9" radius={[2, 2, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </div>
  );
}
