import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type SwitchProps = Omit<ComponentProps<'button'>, 'onChange' | 'role' | 'type'> & { checked: boolean; onCheckedChange: (checked: boolean) => void };

/** An on/off switch (role switch, WAI-ARIA): a 44×44 px target around the track; name it with a <label htmlFor>. */
export function Switch({ checked, onCheckedChange, className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onCheckedChange(!checked)}
      className={cn('group inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg disabled:cursor-not-allowed disabled:opacity-60', className)}
      {...props}
    >
      <span
        aria-hidden
        className={cn(
          'relative inline-flex h-6 w-11 items-center rounded-full border-2 border-transparent transition-colors',
          checked ? 'bg-brand-700' : 'bg-slate-300 dark:bg-slate-600',
        )}
      >
        <span className={cn('size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5' : 'translate-x-0')} />
      </span>
    </button>
  );
}
