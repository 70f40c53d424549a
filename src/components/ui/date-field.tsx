import * as PopoverPrimitive from '@radix-ui/react-popover';
import { CalendarDays, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useId, useState, type Ref } from 'react';
import { DayPicker, type ClassNames, type CustomComponents, type Formatters, type Labels, type Matcher } from 'react-day-picker';
import { enUS } from 'react-day-picker/locale/en-US';
import { th } from 'react-day-picker/locale/th';
import { useFormContext, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import type { Language } from '@/i18n';
import { cn } from '@/lib/cn';
import { bangkokDay, bangkokMidnight, formatMonth, platformTimeZone } from '@shared/clock.ts';
import { formatDate, formatLongDate } from '@/lib/format';
import { controlClasses } from './input';

/** What react-hook-form's register() reads from a change: the field's name and its new value. */
type DateEvent = { target: { name?: string; value: string }; type: 'change' | 'blur' };

type DateFieldProps = {
  id?: string;
  name?: string;
  /** The date as YYYY-MM-DD, '' for none. Inside a Form it is the form's value and need not be given. */
  value?: string;
  /** Called with { target: { name, value } }, as register()'s onChange expects. */
  onChange?: (event: DateEvent) => unknown;
  onBlur?: (event: DateEvent) => unknown;
  ref?: Ref<HTMLButtonElement>;
  /** The earliest and latest days that can be picked, YYYY-MM-DD. */
  min?: string;
  max?: string;
  /** The date may be taken away again (an optional field). */
  clearable?: boolean;
  disabled?: boolean;
  className?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

/** A day of the calendar as the value keeps it: the calendar shows Thailand's days (timeZone below), whatever the browser's clock. */
const toIso = (date: Date) => bangkokDay(date);
const isIsoDate = (value: string | undefined): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A month as the app writes it (formatMonth: พฤศจิกายน 2569); a day in full, in the Buddhist Era in Thai: วันเสาร์ที่ 21 พฤศจิกายน 2569. */
const monthCaption = (month: Date, language: Language) => formatMonth(month, language);
const dayName = (date: Date, language: Language) => formatLongDate(date, language);

const classNames: Partial<ClassNames> = {
  // Colours sit on the root so that a day's state (today, outside, disabled) can set its own.
  root: 'relative text-slate-900 dark:text-slate-100',
  months: 'relative',
  month: 'space-y-1',
  month_caption: 'flex h-11 items-center justify-center px-12',
  caption_label: 'text-base font-semibold text-slate-900 dark:text-slate-100',
  nav: 'absolute inset-x-0 top-0 z-10 flex h-11 items-center justify-between',
  button_previous:
    'inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent dark:text-slate-200 dark:hover:bg-slate-800',
  button_next:
    'inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent dark:text-slate-200 dark:hover:bg-slate-800',
  month_grid: 'border-collapse',
  weekday: 'h-9 w-11 p-0 text-center text-xs font-medium text-slate-600 dark:text-slate-400',
  day: 'size-11 p-0 text-center text-sm',
  day_button:
    'mx-auto inline-flex size-10 cursor-pointer items-center justify-center rounded-full hover:bg-slate-100 disabled:cursor-not-allowed disabled:hover:bg-transparent dark:hover:bg-slate-800',
  today: 'font-semibold text-brand-700 dark:text-brand-100',
  selected:
    'font-semibold [&>button]:bg-brand-700 [&>button]:text-white [&>button]:hover:bg-brand-800 dark:[&>button]:bg-brand-600 dark:[&>button]:text-white',
  outside: 'text-slate-400 dark:text-slate-500',
  disabled: 'text-slate-300 line-through dark:text-slate-600',
  hidden: 'invisible',
};

const components: Partial<CustomComponents> = {
  Chevron: ({ orientation }) => (orientation === 'left' ? <ChevronLeft aria-hidden className="size-5" /> : <ChevronRight aria-hidden className="size-5" />),
};

/**
 * A date picked from a calendar in the app's language, never the browser's: the button
 * shows the day as the app writes dates (Nov 21, 2026; 21 พ.ย. 2569) and opens a month
 * with Thai month and weekday names and the Buddhist year in Thai. The value stays an
 * ISO day (YYYY-MM-DD), a day in Thailand: today, the days within min and max and the day
 * picked are Bangkok's, whatever the browser's clock (one clock: @shared/clock.ts). Inside
 * a Form, pass register('name') through Field, as for an input: the button is then named by
 * the field's label and the date it shows.
 */
export function DateField(props: DateFieldProps) {
  // null outside a Form (react-hook-form's context is then empty).
  const form = useFormContext() as UseFormReturn | null;
  if (form && props.name && props.value === undefined) return <FormDateField {...props} name={props.name} control={form.control} />;
  return <DatePicker {...props} value={props.value ?? ''} />;
}

function FormDateField({ control, ...props }: DateFieldProps & { name: string; control: UseFormReturn['control'] }) {
  const value: unknown = useWatch({ control, name: props.name });
  return <DatePicker {...props} value={typeof value === 'string' ? value : ''} />;
}

function DatePicker({ id: givenId, name, value, onChange, onBlur, ref, min, max, clearable, disabled, className, ...aria }: DateFieldProps & { value: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const ownId = useId();
  const id = givenId ?? ownId;
  const [open, setOpen] = useState(false);
  // Days are Thailand's: a value is its first instant in Bangkok, and the calendar (timeZone) counts days there.
  const selected = isIsoDate(value) ? bangkokMidnight(value) : undefined;
  const first = isIsoDate(min) ? bangkokMidnight(min) : undefined;
  const last = isIsoDate(max) ? bangkokMidnight(max) : undefined;
  const today = bangkokDay();
  const shownFirst = selected ?? bangkokMidnight(isIsoDate(min) && today < min ? min : isIsoDate(max) && today > max ? max : today);
  const disabledDays: Matcher[] = [...(first ? [{ before: first }] : []), ...(last ? [{ after: last }] : [])];

  const commit = (next: string) => {
    onChange?.({ target: { name, value: next }, type: 'change' });
    setOpen(false);
  };

  const formatters: Partial<Formatters> = { formatCaption: (month) => monthCaption(month, language) };
  const labels: Partial<Labels> = {
    labelGrid: (month) => monthCaption(month, language),
    labelDayButton: (date) => dayName(date, language),
    labelGridcell: (date) => dayName(date, language),
    labelPrevious: () => t('dateField.previousMonth'),
    labelNext: () => t('dateField.nextMonth'),
    labelNav: () => '',
  };

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
      <PopoverPrimitive.Trigger asChild>
        <button
          ref={ref}
          id={id}
          name={name}
          value={value}
          type="button"
          disabled={disabled}
          // The field's label (Field names it `${id}-label`) and the date shown: "Deadline (optional) Nov 21, 2026".
          aria-labelledby={`${id}-label ${id}-value`}
          onBlur={() => onBlur?.({ target: { name, value }, type: 'blur' })}
          className={cn(
            'min-h-11',
            controlClasses,
            'flex items-center gap-2 text-left read-only:bg-white dark:read-only:bg-slate-900',
            className,
          )}
          {...aria}
        >
          <CalendarDays aria-hidden className="size-4 shrink-0 text-slate-500 dark:text-slate-400" />
          <span id={`${id}-value`} className={cn('truncate', !selected && 'text-slate-500 dark:text-slate-400')}>
            {selected ? formatDate(value, language) : t('dateField.placeholder')}
          </span>
        </button>
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          // The calendar puts the focus on the chosen day (or today) itself.
          onOpenAutoFocus={(event) => event.preventDefault()}
          aria-labelledby={`${id}-label`}
          className="z-50 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <DayPicker
            mode="single"
            timeZone={platformTimeZone}
            selected={selected}
            onSelect={(date) => date && commit(toIso(date))}
            defaultMonth={shownFirst}
            startMonth={first}
            endMonth={last}
            disabled={disabledDays}
            locale={language === 'th' ? th : enUS}
            formatters={formatters}
            labels={labels}
            classNames={classNames}
            components={components}
            autoFocus
          />
          {clearable && selected && (
            <div className="mt-1 flex justify-end border-t border-slate-200 pt-2 dark:border-slate-700">
              <button
                type="button"
                onClick={() => commit('')}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 md:min-h-9 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                <X aria-hidden className="size-4" />
                {t('dateField.clear')}
              </button>
            </div>
          )}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
