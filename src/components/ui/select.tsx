import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses } from './input';

/** A native select: the most usable choice on phones, styled like the inputs. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn('min-h-11', controlClasses, className)} {...props} />;
}
