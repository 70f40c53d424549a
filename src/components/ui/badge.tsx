import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  brand: 'bg-brand-100 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100',
  neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  success: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  danger: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-100',
} as const;

export function Badge({ tone = 'neutral', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof tones }) {
  return <span className={cn('inline-flex max-w-full items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', tones[tone], className)} {...props} />;
}
