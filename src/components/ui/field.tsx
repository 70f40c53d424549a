import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { get, useFormState, type UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { isMessageKey } from '@/lib/notify';
import { Label } from './label';

type ControlProps = { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean } & Partial<UseFormRegisterReturn>;

type FieldProps = {
  label: string;
  /** A short note under the control, read out with it. */
  hint?: string;
  /** The word for optional, shown after the label when the field may stay empty. */
  optional?: string;
  /** The label is read out but not shown (the card's heading says it already). */
  hideLabel?: boolean;
  /** Something beside the label, such as a link. */
  aside?: ReactNode;
  /** register('name') of the surrounding Form: the field then shows that control's validation message. */
  registration?: UseFormRegisterReturn;
  /** A message of the page's own (a live check); it wins over the form's. */
  error?: string;
  className?: string;
  children: ReactElement<ControlProps>;
};

type FrameProps = Omit<FieldProps, 'registration'> & { invalid?: boolean; control?: Partial<UseFormRegisterReturn> };

/** The label, the control, its hint and its message, tied together for screen readers. */
function FieldFrame({ label, hint, optional, hideLabel, aside, error, invalid, control, className, children }: FrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  const labelElement = (
    // The id lets a control whose name is more than its label (a DateField: the label and the date shown) name itself by it.
    <Label id={`${id}-label`} htmlFor={id} className={cn(hideLabel && 'sr-only')}>
      {label}
      {optional && <span className="font-normal text-slate-500 dark:text-slate-400"> ({optional})</span>}
    </Label>
  );
  return (
    <div className={className}>
      {aside ? (
        <div className="flex items-baseline justify-between gap-4">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      {cloneElement(children, { ...control, id, 'aria-describedby': describedBy, ...(error || invalid ? { 'aria-invalid': true } : {}) })}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs [overflow-wrap:anywhere] text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium [overflow-wrap:anywhere] text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A control of a Form: registered with it, marked invalid while the schema refuses it,
 * with the schema's message translated beneath. A message another field above already
 * shows is not repeated ("Please enter both email and password" appears once).
 */
function FormField({ registration, error, ...props }: FieldProps & { registration: UseFormRegisterReturn }) {
  const { t } = useTranslation();
  const { errors } = useFormState();
  const name = registration.name;
  const messageOf = (field: string): string | undefined => {
    const found: { message?: unknown } | undefined = get(errors, field);
    return typeof found?.message === 'string' && found.message ? found.message : undefined;
  };
  const invalid = Boolean(get(errors, name));
  const message = messageOf(name);
  const names = Object.keys(errors);
  const repeated = message !== undefined && names.slice(0, names.indexOf(name)).some((other) => messageOf(other) === message);
  const text = message && !repeated ? (isMessageKey(message) ? t(message) : message) : undefined;
  return <FieldFrame {...props} control={registration} invalid={invalid} error={error ?? text} />;
}

/** A labelled control with an optional hint and message; inside a Form, pass its registration. */
export function Field({ registration, ...props }: FieldProps) {
  return registration ? <FormField registration={registration} {...props} /> : <FieldFrame {...props} />;
}
