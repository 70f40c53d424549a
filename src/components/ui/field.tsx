import { cloneElement, useId, type ReactElement } from 'react';
import { Label } from './label';

type FieldProps = {
  label: string;
  /** A short note under the control, read out with it. */
  hint?: string;
  optional?: string;
  /** A validation message under the control; it marks the control invalid. */
  error?: string;
  children: ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;
};

/** A labelled form control with an optional hint and error, tied to it for screen readers. */
export function Field({ label, hint, optional, error, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-slate-500 dark:text-slate-400"> ({optional})</span>}
      </Label>
      {cloneElement(children, { id, 'aria-describedby': describedBy, ...(error ? { 'aria-invalid': true } : {}) })}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
