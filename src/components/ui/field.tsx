import { cloneElement, useId, type ReactElement } from 'react';
import { Label } from './label';

type FieldProps = {
  label: string;
  /** A short note under the control, read out with it. */
  hint?: string;
  optional?: string;
  children: ReactElement<{ id?: string; 'aria-describedby'?: string }>;
};

/** A labelled form control with an optional hint tied to it for screen readers. */
export function Field({ label, hint, optional, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-slate-500 dark:text-slate-400"> ({optional})</span>}
      </Label>
      {cloneElement(children, { id, 'aria-describedby': hint ? hintId : undefined })}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
