import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 disabled:bg-brand-700/50',
  secondary:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:text-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50',
  inverse: 'bg-white text-brand-800 shadow-sm hover:bg-brand-50',
} as const;

// Below md (phones, touch) every size is at least 44×44 px (WCAG 2.5.5); a pointer gets the compact ones.
const sizes = {
  sm: 'min-h-11 min-w-11 px-3 text-sm md:min-h-9 md:min-w-9',
  md: 'min-h-11 min-w-11 px-4 text-sm md:min-h-10 md:min-w-10',
  lg: 'min-h-12 min-w-12 px-6 text-base',
} as const;

export type ButtonStyle = { variant?: keyof typeof variants; size?: keyof typeof sizes; className?: string };

/** Button looks, for <button> and for links that look like buttons. */
export function buttonClasses({ variant = 'primary', size = 'md', className }: ButtonStyle = {}) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
    className,
  );
}

/**
 * A text link that is an action ("See all", "View details", "Open on TikTok"): it reads as a
 * link, and its hit area is 44 px tall on phones.
 */
export function textLinkClasses(className?: string) {
  return cn(
    'inline-flex min-h-11 min-w-11 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline md:min-h-9 dark:text-brand-100',
    className,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle;

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}
