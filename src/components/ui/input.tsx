import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const controlClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 disabled:bg-slate-100 disabled:text-slate-500 read-only:bg-slate-50 aria-[invalid=true]:border-red-500 sm:text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:read-only:bg-slate-800';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn('min-h-11', controlClasses, className)} {...props} />;
}
